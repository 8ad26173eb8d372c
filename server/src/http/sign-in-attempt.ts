import type { Context } from 'hono';

/** How a sign-in step ended: `second_factor` is a right password that still needs its code. */
export type SignInOutcome = 'success' | 'failure' | 'rate_limited' | 'second_factor';
export interface SignInAttempt {
  method: 'email' | 'anonymous' | 'passkey' | 'totp' | 'backup_code';
  outcome: SignInOutcome;
}

const FIRST_STEPS: Record<string, SignInAttempt['method']> = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-in/anonymous': 'anonymous',
  '/api/auth/passkey/verify-authentication': 'passkey',
};
const SECOND_STEPS: Record<string, SignInAttempt['method']> = {
  '/api/auth/two-factor/verify-totp': 'totp',
  '/api/auth/two-factor/verify-backup-code': 'backup_code',
};
/** Better Auth's cookie for a sign-in waiting for its second factor (`__Secure-` prefixed over https). */
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]*)/;

/**
 * The sign-in step a request made, read from its path, status and cookies; undefined for any other
 * request. A code sent without the pending sign-in's cookie is a signed-in person turning two-factor
 * on, not a sign-in.
 */
export function signInAttempt(c: Context): SignInAttempt | undefined {
  const { path } = c.req;
  const status = c.res.status;
  const outcome: SignInOutcome = status < 400 ? 'success' : status === 429 ? 'rate_limited' : 'failure';
  const first = FIRST_STEPS[path];
  if (first) {
    const pending =
      outcome === 'success' && c.res.headers.getSetCookie().some((cookie) => TWO_FACTOR_COOKIE.exec(cookie)?.[1]);
    return { method: first, outcome: pending ? 'second_factor' : outcome };
  }
  const second = SECOND_STEPS[path];
  if (second && TWO_FACTOR_COOKIE.exec(c.req.header('cookie') ?? '')?.[1]) return { method: second, outcome };
  return undefined;
}
