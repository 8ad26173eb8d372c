import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth/auth';
import { IMPERSONATION_ERROR_CODES } from '../auth/plugins/impersonation-guard/error-codes';
import { apiError } from './api-error';

/** Whether the request's session is an admin's impersonation of the user. */
async function isImpersonation(auth: Auth, headers: Headers): Promise<boolean> {
  const read = await auth.readSession(headers);
  if (read.kind === 'signed-in') return Boolean(read.session.impersonatedBy);
  if (read.kind !== 'defer') return false;
  const session = await auth.api.getSession({ headers });
  return Boolean(session?.session.impersonatedBy);
}

/**
 * After `requireUser`, on our routes that change an account's security settings: refused to an
 * impersonation session with the impersonation guard's answer (its plugin does Better Auth's routes).
 */
export function refuseImpersonation(auth: Auth): MiddlewareHandler {
  const { code, message } = IMPERSONATION_ERROR_CODES.NOT_WHILE_IMPERSONATING;
  return async (c, next) => {
    if (await isImpersonation(auth, c.req.raw.headers)) return apiError(c, 403, code, message);
    await next();
  };
}
