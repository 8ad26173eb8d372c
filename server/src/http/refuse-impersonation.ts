import type { MiddlewareHandler } from 'hono';
import { IMPERSONATION_ERROR_CODES } from '../auth/plugins/impersonation-guard/error-codes';
import { apiError } from './api-error';
import type { PrincipalVariables } from './session';

/**
 * After `requireUser`, on our routes that change an account's security settings: refused to an
 * impersonation session with the impersonation guard's answer (its plugin does Better Auth's routes).
 * The session is the one `requireUser` read.
 */
export function refuseImpersonation(): MiddlewareHandler<{ Variables: PrincipalVariables }> {
  const { code, message } = IMPERSONATION_ERROR_CODES.NOT_WHILE_IMPERSONATING;
  return async (c, next) => {
    if (c.get('principal').impersonatedBy) return apiError(c, 403, code, message);
    await next();
  };
}
