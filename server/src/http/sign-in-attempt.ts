import type { Context, MiddlewareHandler } from 'hono';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import { isSecondFactor, SIGN_IN_METHODS, signsIn, type SignInMethod } from '../auth/sign-in-methods';
import { optionalUser } from './session';

/** How a sign-in step ended: `second_factor` is a right password that still needs its code. */
export type SignInOutcome = 'success' | 'failure' | 'rate_limited' | 'second_factor';
export interface SignInAttempt {
  method: SignInMethod;
  outcome: SignInOutcome;
}

/** Better Auth's cookie for a sign-in waiting for its second factor (`__Secure-` prefixed over https). */
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]*)/;

/** The path as Better Auth names it (without its base path); undefined outside it. */
const authPathOf = (path: string) =>
  path.startsWith(`${AUTH_BASE_PATH}/`) ? path.slice(AUTH_BASE_PATH.length) : undefined;

/** A code step's context: whether it came with a session, noted before Better Auth answered it. */
export interface CodeStepVariables {
  codeStepSignedIn: boolean;
}

/**
 * Notes, before Better Auth answers a code step, whether it comes with a session (its answer cannot
 * tell: confirming an authenticator may replace the session).
 */
export function noteCodeStepSession(auth: Auth): MiddlewareHandler<{ Variables: CodeStepVariables }> {
  return async (c, next) => {
    const path = authPathOf(c.req.path);
    if (path && isSecondFactor(path)) {
      c.set('codeStepSignedIn', (await optionalUser(auth, c, { apiKey: false })) !== null);
    }
    await next();
  };
}

/**
 * The sign-in step a request made, read from its path, status and cookies; undefined for any other
 * request, a code step sent with a session included (`signsIn`).
 */
export function signInAttempt(c: Context): SignInAttempt | undefined {
  const path = authPathOf(c.req.path);
  if (!path || !signsIn(path, c.get('codeStepSignedIn') === true)) return undefined;
  const method = SIGN_IN_METHODS[path]!;
  const status = c.res.status;
  const outcome: SignInOutcome = status < 400 ? 'success' : status === 429 ? 'rate_limited' : 'failure';
  // A right password whose code is still due: the answer opens a pending sign-in.
  const pending =
    outcome === 'success' && c.res.headers.getSetCookie().some((cookie) => TWO_FACTOR_COOKIE.exec(cookie)?.[1]);
  return { method, outcome: pending ? 'second_factor' : outcome };
}
