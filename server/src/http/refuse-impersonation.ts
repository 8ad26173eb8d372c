import type { MiddlewareHandler } from 'hono';
import { apiError } from './api-error';
import type { PrincipalVariables } from './session';

/**
 * After `requireUser`, on our routes that change an account's security settings: refused to an
 * impersonation session with the impersonation guard's answer (the catalogue's one message) (its plugin does Better Auth's routes).
 * The session is the one `requireUser` read.
 */
export function refuseImpersonation(): MiddlewareHandler<{ Variables: PrincipalVariables }> {
  return async (c, next) => {
    if (c.get('principal').impersonatedBy) return apiError(c, 403, 'NOT_WHILE_IMPERSONATING');
    await next();
  };
}
