import type { BetterAuthPlugin } from 'better-auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** The provider's tables of what a person let applications have; Better Auth owns their types. */
type GrantTables = Record<'oauthAccessToken' | 'oauthRefreshToken' | 'oauthConsent', { userId: string }>;

/**
 * A banned or deleted person's applications lose them at once (decision 0080). The provider ends a
 * person's tokens with their sessions only in part: an access token stops with its session, but a
 * refresh token with `offline_access` outlives it (OpenID back-channel logout keeps it, on purpose)
 * and would go on minting tokens for a banned person. So a ban, wherever it comes from (the admin
 * plugin, our bulk actions), deletes their tokens and consents, as a deletion does before the user
 * row goes (the foreign keys would too, but a deletion then depends on how each table was made).
 */
export function endedAccess(database: Database) {
  const db = database.db as unknown as Kysely<GrantTables>;
  const endGrantsOf = async (userId: string) => {
    // Access tokens first: they reference the refresh tokens.
    await db.deleteFrom('oauthAccessToken').where('userId', '=', userId).execute();
    await db.deleteFrom('oauthRefreshToken').where('userId', '=', userId).execute();
    await db.deleteFrom('oauthConsent').where('userId', '=', userId).execute();
  };
  return {
    id: 'ended-access',
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            update: {
              after: async (user) => {
                if ((user as { banned?: unknown }).banned) await endGrantsOf(user.id);
              },
            },
            delete: { before: async (user) => endGrantsOf(user.id) },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
