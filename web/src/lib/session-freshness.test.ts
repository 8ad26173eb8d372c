import { describe, expect, it } from 'vitest';
import { RequestError } from './errors';
import { needsFreshSession, retryWhenFresh } from './session-freshness';

const notFresh = new RequestError(403, 'SESSION_NOT_FRESH', "For your security, confirm it's you first.");

/** A call refused for want of a fresh session `refusals` times, then answered. */
function call(refusals: number, refusal: unknown = notFresh) {
  let calls = 0;
  const action = async () => {
    calls += 1;
    if (calls <= refusals) throw refusal;
    return 'done';
  };
  return { action, calls: () => calls };
}

describe('needsFreshSession', () => {
  it("knows Better Auth's refusals for want of a recent sign-in, and nothing else", () => {
    expect(needsFreshSession(notFresh)).toBe(true);
    expect(needsFreshSession(new RequestError(400, 'SESSION_EXPIRED', 'Session expired.'))).toBe(true);
    expect(needsFreshSession(new RequestError(401, 'UNAUTHORIZED', 'Unauthorized'))).toBe(false);
    expect(needsFreshSession({ code: 'SESSION_NOT_FRESH' })).toBe(false);
    expect(needsFreshSession(undefined)).toBe(false);
  });
});

describe('retryWhenFresh', () => {
  it('answers at once without asking when the call goes through', async () => {
    const { action, calls } = call(0);
    let asked = 0;
    expect(await retryWhenFresh(action, async () => (asked += 1) > 0)).toBe('done');
    expect([calls(), asked]).toEqual([1, 0]);
  });

  it('asks once when refused for want of a fresh session, then runs the call again', async () => {
    const { action, calls } = call(1);
    let asked = 0;
    expect(await retryWhenFresh(action, async () => (asked += 1) > 0)).toBe('done');
    expect([calls(), asked]).toEqual([2, 1]);
  });

  it('fails with the refusal when the person declines, without running the call again', async () => {
    const { action, calls } = call(1);
    await expect(retryWhenFresh(action, async () => false)).rejects.toBe(notFresh);
    expect(calls()).toBe(1);
  });

  it('never asks for another failure, and asks only once however often the call is refused', async () => {
    const other = new RequestError(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    let asked = 0;
    await expect(retryWhenFresh(call(1, other).action, async () => (asked += 1) > 0)).rejects.toBe(other);
    expect(asked).toBe(0);
    const twice = call(2);
    await expect(retryWhenFresh(twice.action, async () => (asked += 1) > 0)).rejects.toBe(notFresh);
    expect([twice.calls(), asked]).toEqual([2, 1]);
  });
});
