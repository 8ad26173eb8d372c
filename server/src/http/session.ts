import type { Context, MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import { apiError } from './api-error';

export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export interface SessionVariables {
  session: AuthSession;
}

/** Our API's own routes authenticate the same way as Better Auth's: the session cookie. */
export function requireUser(auth: Auth): MiddlewareHandler<{ Variables: SessionVariables }> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return apiError(c, 401, 'UNAUTHORIZED', 'Sign in first');
    c.set('session', session);
    await next();
  };
}

/** The session when there is one (for routes that also serve visitors). */
export async function optionalSession(auth: Auth, c: Context): Promise<AuthSession | null> {
  return auth.api.getSession({ headers: c.req.raw.headers });
}
