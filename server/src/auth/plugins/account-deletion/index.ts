import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Database } from '../../../db/database';
import { deleteEverythingOf } from './cleanup';
import { ACCOUNT_DELETION_ERROR_CODES } from './error-codes';
import { lastOwnerMessage, organizationsLeftWithoutOwner } from './last-owner';

/** The paths that delete the signed-in person's own account. */
const OWN_DELETION_PATHS = new Set(['/delete-user', '/delete-anonymous-user']);

/**
 * Deleting an account (decision 0036): by the person with their password (`POST /delete-user`; a
 * guest, who has none, by `POST /delete-anonymous-user`), or by an admin (`/admin/remove-user`).
 * Never while an organization with other members would be left without an owner; and whichever way
 * a user goes (the guest sweep and guest sign-up too), everything of theirs goes with them.
 */
export function accountDeletion(database: Database) {
  const refuseLastOwner = async (userId: string, whose: 'your' | 'their') => {
    const names = await organizationsLeftWithoutOwner(database.db, userId);
    if (names.length > 0) {
      throw new APIError('BAD_REQUEST', { code: 'LAST_OWNER', message: lastOwnerMessage(names, whose) });
    }
  };
  return {
    id: 'account-deletion',
    init: () => ({
      options: {
        user: { deleteUser: { enabled: true } },
        databaseHooks: { user: { delete: { before: async (user) => deleteEverythingOf(database.db, user.id) } } },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => OWN_DELETION_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // No session: the endpoint itself answers 401.
            if (!session) return;
            if (session.session.impersonatedBy) {
              throw APIError.from('FORBIDDEN', ACCOUNT_DELETION_ERROR_CODES.NOT_WHILE_IMPERSONATING);
            }
            // Better Auth would settle for a recent sign-in; a deletion always asks for the password.
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (ctx.path === '/delete-user' && (typeof password !== 'string' || password === '')) {
              throw APIError.from('BAD_REQUEST', ACCOUNT_DELETION_ERROR_CODES.PASSWORD_REQUIRED);
            }
            await refuseLastOwner(session.user.id, 'your');
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/admin/remove-user',
          handler: createAuthMiddleware(async (ctx) => {
            const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
            // Checked before anything is deleted, for admins only: anyone else gets the endpoint's 403.
            const session = await getSessionFromCtx(ctx);
            const isAdmin = session?.user.role?.split(',').includes('admin');
            if (typeof userId === 'string' && isAdmin) await refuseLastOwner(userId, 'their');
          }),
        },
      ],
    },
    // As Better Auth limits its sign-ins: a password is guessed no faster here than at sign-in.
    rateLimit: [{ pathMatcher: (path: string) => path === '/delete-user', window: 10, max: 3 }],
    $ERROR_CODES: ACCOUNT_DELETION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
