import { expect } from 'vitest';
import type { TestClient } from './http-client';
import { awayFromStepEdge, secretOf, totpCode } from './totp';

/**
 * Turns two-factor on for the signed-in account as a person does: the password, then a first code
 * from the app (computed here from the secret). Fails the test unless both steps work. The code
 * confirmed is the previous step's (still accepted): a code is accepted once, so the current step's
 * is left for the sign-in the test goes on to.
 */
export async function enableTwoFactor(client: TestClient, password = 'user-password-1') {
  const enabled = await client.post('/api/auth/two-factor/enable', { password });
  expect(enabled.status, enabled.text).toBe(200);
  const secret = secretOf(enabled.body.totpURI as string);
  // The previous step's code is accepted for one step more: never compute it at a step's very end.
  await awayFromStepEdge();
  const verified = await client.post('/api/auth/two-factor/verify-totp', {
    code: totpCode(secret, { offsetSteps: -1 }),
  });
  expect(verified.status, verified.text).toBe(200);
  return { secret, totpURI: enabled.body.totpURI as string, backupCodes: enabled.body.backupCodes as string[] };
}

/** The session cookie's name as Better Auth sets it over http. */
export const SESSION_COOKIE = 'better-auth.session_token';
export const TWO_FACTOR_COOKIE = 'better-auth.two_factor';
export const TRUST_DEVICE_COOKIE = 'better-auth.trust_device';
