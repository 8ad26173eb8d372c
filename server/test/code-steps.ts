import type { Hono } from 'hono';
import { expect } from 'vitest';
import { signUp } from './accounts';
import { TestClient } from './http-client';
import { totpCode } from './totp';
import { enableTwoFactor, TWO_FACTOR_COOKIE } from './two-factor';

const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';

/**
 * The two code steps a pending sign-in's cookie would misread, on a new account with two-factor on
 * (what it asked before: its password, which leaves a pending sign-in). A right code sent with the
 * account's session and a pending sign-in's cookie beside it: Better Auth checks it for the session,
 * no sign-in (200). A code sent with neither, as after the pending sign-in expired: a failed
 * sign-in (401). Both are sent with `userAgent`. The account's id.
 */
export async function sendCodeStepsBySession(app: Hono, email: string, userAgent: string) {
  const { client, id } = await signUp(app, { email });
  const { secret } = await enableTwoFactor(client);
  const pending = new TestClient(app);
  expect((await pending.post('/api/auth/sign-in/email', { email, password: 'user-password-1' })).status).toBe(200);
  const cookie = `${client.cookieHeader}; ${TWO_FACTOR_COOKIE}=${pending.cookie(TWO_FACTOR_COOKIE)}`;
  const code = { code: totpCode(secret) };
  const withSession = await new TestClient(app).post(VERIFY_TOTP, code, { cookie, 'user-agent': userAgent });
  expect(withSession.status, withSession.text).toBe(200);
  const withNeither = await new TestClient(app).post(VERIFY_TOTP, code, { 'user-agent': userAgent });
  expect(withNeither.status, withNeither.text).toBe(401);
  return id;
}
