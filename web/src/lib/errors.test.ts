import { describe, expect, it } from 'vitest';
import { RequestError, toRequestError, unwrap, worthAskingAgain } from './errors';

describe('toRequestError', () => {
  it('keeps a server answer: its status, its code, its words', () => {
    const error = toRequestError({ status: 403, code: 'NOT_ALLOWED', message: 'Not in this team' }, 'Failed');
    expect(error).toBeInstanceOf(RequestError);
    expect([error.status, error.code, error.message]).toEqual([403, 'NOT_ALLOWED', 'Not in this team']);
  });

  it('names an answer without a code by its status, and uses the fallback when it has no words', () => {
    const error = toRequestError({ status: 404, message: '  ' }, 'Team not found');
    expect([error.status, error.code, error.message]).toEqual([404, 'NOT_FOUND', 'Team not found']);
  });

  it('shows the fallback, never a thrown error text, when no server answered', () => {
    const error = toRequestError(new TypeError('Failed to fetch'), 'Failed to load');
    expect([error.status, error.code, error.message]).toEqual([0, 'NETWORK_ERROR', 'Failed to load']);
    expect(toRequestError(null, 'Failed to load').message).toBe('Failed to load');
  });

  it("uses the catalogue's words for a code the console phrases itself, whatever the server said", () => {
    const error = toRequestError(
      { status: 400, code: 'ERROR_CEREMONY_ABORTED', message: 'The operation either timed out' },
      'x',
    );
    expect(error.message).toBe('registration cancelled');
  });

  it('refuses a code that is not one (so nothing odd reaches a branch on it)', () => {
    expect(toRequestError({ status: 400, code: 'drop table', message: 'Bad' }, 'x').code).toBe('BAD_REQUEST');
  });

  it('passes a RequestError on as it is', () => {
    const error = new RequestError(409, 'CONFLICT', 'Taken');
    expect(toRequestError(error, 'x')).toBe(error);
  });
});

describe('unwrap', () => {
  it('answers the data of a call that succeeded', async () => {
    await expect(unwrap(Promise.resolve({ data: { id: 1 }, error: null }), 'x')).resolves.toEqual({ id: 1 });
  });

  it('throws the failure of a call that answered with an error, or with nothing', async () => {
    await expect(unwrap(Promise.resolve({ data: null, error: { status: 401, message: 'No' } }), 'x')).rejects.toEqual(
      new RequestError(401, 'UNAUTHORIZED', 'No'),
    );
    await expect(unwrap(Promise.resolve({ data: null, error: null }), 'Failed')).rejects.toMatchObject({
      message: 'Failed',
    });
  });

  it('throws the fallback for a call that never got an answer', async () => {
    await expect(unwrap(Promise.reject(new TypeError('offline')), 'Failed')).rejects.toMatchObject({
      status: 0,
      message: 'Failed',
    });
  });
});

describe('worthAskingAgain', () => {
  const failure = (status: number) => new RequestError(status, 'X', 'x');

  it('asks once more when no answer came, or the server failed, timed out or was busy', () => {
    for (const status of [0, 500, 502, 503, 408, 429])
      expect(worthAskingAgain(0, failure(status)), `${status}`).toBe(true);
    expect(worthAskingAgain(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('lets a refusal stand, and never asks a third time', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(worthAskingAgain(0, failure(status)), `${status}`).toBe(false);
    expect(worthAskingAgain(1, failure(503))).toBe(false);
  });
});
