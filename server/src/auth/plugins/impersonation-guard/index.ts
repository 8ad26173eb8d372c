import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { impersonationReasonSchema } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { IMPERSONATION_ERROR_CODES } from './error-codes';
import { lateImpersonationRequests } from './late-requests';
import { keepImpersonationEnd } from './session-end';
import { stopOrphanedImpersonation } from './orphaned-stop';
import { authHook } from '../../auth-hook';
import { isSensitivePath } from '../../auth-paths';

/**
 * Safe impersonation (decision 0042): an admin says why they act as someone (the reason goes into
 * the audit trail), the impersonation ends by itself (the admin plugin's
 * `impersonationSessionDuration`, an end this plugin keeps from moving), and while it lasts the
 * account's security settings and its deletion are refused, with one answer.
 * Put it right after `admin()`: it must refuse before any other plugin acts on those paths.
 */
export function impersonationGuard() {
  return {
    id: 'impersonation-guard',
    init: () => ({ options: { databaseHooks: { session: { update: { before: keepImpersonationEnd } } } } }),
    onRequest: lateImpersonationRequests(),
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/admin/impersonate-user',
          handler: authHook(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // Anyone but an admin gets the endpoint's own 401 or 403, whatever they sent.
            if (!session || !isPlatformAdmin(session.user.role)) return;
            const parsed = impersonationReasonSchema.safeParse(ctx.body);
            if (!parsed.success) {
              const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
              throw APIError.from(
                'BAD_REQUEST',
                tooLong ? IMPERSONATION_ERROR_CODES.REASON_TOO_LONG : IMPERSONATION_ERROR_CODES.REASON_REQUIRED,
              );
            }
            // Trimmed for the audit trail, which reads the request's body after the endpoint.
            return { context: { body: { ...(ctx.body as object), reason: parsed.data.reason } } };
          }),
        },
        { matcher: (ctx) => ctx.path === '/admin/stop-impersonating', handler: authHook(stopOrphanedImpersonation) },
        {
          matcher: (ctx) => isSensitivePath(ctx.path),
          handler: authHook(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (session?.session.impersonatedBy) {
              throw APIError.from('FORBIDDEN', IMPERSONATION_ERROR_CODES.NOT_WHILE_IMPERSONATING);
            }
          }),
        },
      ],
    },
    $ERROR_CODES: IMPERSONATION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
