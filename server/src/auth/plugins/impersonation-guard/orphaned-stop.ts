import { APIError, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie, expireCookie } from 'better-auth/cookies';
import type { HookContext } from '../../auth-hook';
import { IMPERSONATION_ERROR_CODES } from './error-codes';

/**
 * Before `/admin/stop-impersonating`: when the way back (the admin's own session, in `admin_session`)
 * is gone, ended or someone else's, Better Auth would answer 500 and leave the impersonation running
 * until its limit. It is ended here instead, its cookies cleared, and the admin told to sign in again.
 * Returned, not thrown: the cookies set here go out with the answer.
 */
export async function stopOrphanedImpersonation(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  // Nobody signed in, or no impersonation: the endpoint's own answer.
  if (!session?.session.impersonatedBy) return undefined;
  const wayBack = ctx.context.createAuthCookie('admin_session');
  const signed = await ctx.getSignedCookie(wayBack.name, ctx.context.secret);
  const [adminToken] = typeof signed === 'string' ? signed.split(':') : [];
  const adminSession = adminToken ? await ctx.context.internalAdapter.findSession(adminToken) : null;
  if (
    adminSession &&
    adminSession.session.userId === session.session.impersonatedBy &&
    new Date(adminSession.session.expiresAt) > new Date()
  ) {
    return undefined;
  }
  await ctx.context.internalAdapter.deleteSession(session.session.token);
  deleteSessionCookie(ctx);
  expireCookie(ctx, wayBack);
  return APIError.from('UNAUTHORIZED', IMPERSONATION_ERROR_CODES.ADMIN_SESSION_ENDED);
}
