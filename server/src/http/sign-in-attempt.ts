import { parseSetCookieHeader } from 'better-auth/cookies';
import type { Context, MiddlewareHandler } from 'hono';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import { isCodeStep, signInMethodOf, signsIn, twoFactorCookieName, type SignInMethod } from '../auth/auth-paths';
import { optionalUser } from './session';

/** How a sign-in step ended: `second_factor` is a right password that still needs its code. */
export type SignInOutcome = 'success' | 'failure' | 'rate_limited' | 'second_factor';
export interface SignInAttempt {
  method: SignInMethod;
  outcome: SignInOutcome;
}

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
    if (isCodeStep(path)) {
      c.set('codeStepSignedIn', (await optionalUser(auth, c, { apiKey: false })) !== null);
    }
    await next();
  };
}

/**
 * The sign-in step a request made, read from its path, status and cookies; undefined for any other
 * request, a code step sent with a session included (`signsIn`).
 */
export async function signInAttempt(c: Context, auth: Auth): Promise<SignInAttempt | undefined> {
  const path = authPathOf(c.req.path);
  const method = signInMethodOf(path);
  if (!method || !signsIn(path, c.get('codeStepSignedIn') === true)) return undefined;
  const status = c.res.status;
  // A link followed in a browser is refused by a redirect to the page that says why (`?error=`).
  const location = status >= 300 && status < 400 ? c.res.headers.get('location') : null;
  const refused = status >= 400 || (location !== null && new URL(location, c.req.url).searchParams.has('error'));
  const outcome: SignInOutcome = !refused ? 'success' : status === 429 ? 'rate_limited' : 'failure';
  // A right password whose code is still due: the answer opens a pending sign-in.
  const cookie = outcome === 'success' ? twoFactorCookieName(await auth.$context) : undefined;
  const pending =
    cookie !== undefined && !!parseSetCookieHeader(c.res.headers.get('set-cookie') ?? '').get(cookie)?.value;
  return { method, outcome: pending ? 'second_factor' : outcome };
}
