import { describe, expect, it } from 'vitest';
import { codeOfStatus } from './error-codes';

describe('codeOfStatus', () => {
  it('names a client error by its status, and any other as a bad request', () => {
    expect(codeOfStatus(401)).toBe('UNAUTHORIZED');
    expect(codeOfStatus(403)).toBe('FORBIDDEN');
    expect(codeOfStatus(404)).toBe('NOT_FOUND');
    expect(codeOfStatus(409)).toBe('CONFLICT');
    expect(codeOfStatus(429)).toBe('RATE_LIMITED');
    expect(codeOfStatus(400)).toBe('BAD_REQUEST');
    expect(codeOfStatus(422)).toBe('BAD_REQUEST');
  });
});
