import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { deleteAccountSchema } from '#common/account-deletion';
import { isPlatformAdmin } from '#common/roles';
import type { AuditLog } from '../../../audit/audit-log';
import type { Database } from '../../../db/database';
import { authHook } from '../../auth-hook';
import { ACCOUNT_DELETION_ERROR_CODES } from './error-codes';
import {
  cleanedUpInThisRequest,
  deleteEverythingHandingOver,
  deleteEverythingUnlessLastOwner,
} from './guarded-cleanup';
import { lastOwnerError, organizationsLeftWithoutOwner } from './last-owner';

/** The paths that delete the signed-in person's own account. */
const OWN_DELETION_PATHS = new Set(['/delete-user', '/delete-anonymous-user']);

/**
 * Deleting an account (decision 0036): by the person with their password (`POST /delete-user`; a
 * guest, who has none, by `POST /delete-anonymous-user`), or by an admin (`/admin/remove-user`).
 * Never while an organization with other members would be left without an owner; and whichever way
 * a user goes (the guest sweep and guest sign-up too), everything of theirs goes with them. A guest
 * swept away, whom nobody can ask, hands their organizations over instead (decision 0061).
 */
export function accountDeletion(database: Database, audit: AuditLog) {
  const refuseLastOwner = async (userId: string) => {
    const names = await organizationsLeftWithoutOwner(database.db, userId);
    if (names.length > 0) throw lastOwnerError(names, 'your');
  };
  return {
    id: 'account-deletion',
    init: () => ({
      options: {
        user: {
          deleteUser: {
            enabled: true,
            // After the password: the rule again, under lock, with the clean-up (see guarded-cleanup.ts).
            beforeDelete: async (user) => deleteEverythingUnlessLastOwner(database, user.id),
          },
        },
        databaseHooks: {
          user: {
            delete: {
              // Own deletions and admin removals have cleaned up under lock already (guarded-cleanup.ts);
              // the other ways a user goes (the guest sweep, a guest after its upgrade) clean up here,
              // handing over what they alone owned, each handover in the audit trail.
              before: async (user) => {
                if (await cleanedUpInThisRequest(user.id)) return;
                for (const { organizationId, newOwnerId } of await deleteEverythingHandingOver(database, user.id)) {
                  audit.record({
                    action: 'organization.owner_handover',
                    outcome: 'success',
                    targetUserId: newOwnerId,
                    organizationId,
                    details: { previousOwnerId: user.id },
                  });
                }
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => OWN_DELETION_PATHS.has(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // No session: the endpoint itself answers 401. An impersonation session was refused
            // before this, by the impersonation guard.
            if (!session) return;
            const isGuest = Boolean((session.user as { isAnonymous?: boolean | null }).isAnonymous);
            if (ctx.path === '/delete-anonymous-user') {
              // Nothing is asked of a guest after this: the rule and the clean-up run now, under lock.
              // The endpoint itself refuses a registered account.
              if (isGuest) await deleteEverythingUnlessLastOwner(database, session.user.id);
              return;
            }
            // Better Auth would answer "Credential account not found".
            if (isGuest) throw APIError.from('BAD_REQUEST', ACCOUNT_DELETION_ERROR_CODES.GUEST_HAS_NO_PASSWORD);
            // Better Auth would settle for a recent sign-in; a deletion always asks for the password.
            if (!deleteAccountSchema.safeParse(ctx.body).success) {
              throw APIError.from('BAD_REQUEST', ACCOUNT_DELETION_ERROR_CODES.PASSWORD_REQUIRED);
            }
            // Said before the password is checked; checked again, under lock, right before the deletion.
            await refuseLastOwner(session.user.id);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/admin/remove-user',
          handler: authHook(async (ctx) => {
            const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
            const session = await getSessionFromCtx(ctx);
            // Anyone else gets the endpoint's own answer: 403 for a non-admin, 400 for oneself, 404 for
            // nobody; an impersonation gets the impersonation guard's.
            if (typeof userId !== 'string' || !session || !isPlatformAdmin(session.user.role)) return;
            if (session.session.impersonatedBy || userId === session.user.id) return;
            if (!(await ctx.context.internalAdapter.findUserById(userId))) return;
            // Better Auth deletes sessions and accounts before the user: the rule and the clean-up run
            // now, under lock, so that a refusal leaves the account whole.
            await deleteEverythingUnlessLastOwner(database, userId, 'their');
          }),
        },
      ],
    },
    // As Better Auth limits its sign-ins: a password is guessed no faster here than at sign-in.
    rateLimit: [{ pathMatcher: (path: string) => path === '/delete-user', window: 10, max: 3 }],
    $ERROR_CODES: ACCOUNT_DELETION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
