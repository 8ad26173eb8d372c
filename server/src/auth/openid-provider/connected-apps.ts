import type { ColumnType } from 'kysely';
import { SCOPE_DESCRIPTIONS, type ApplicationScope } from '#common/applications';
import type { ConnectedApplication } from '#common/connected-apps';
import type { Database } from '../../db/database';
import { toIsoDate } from '../../db/dates';

type Time = ColumnType<Date | string, never, never>;

/**
 * The columns of the OAuth provider's tables that Connected apps reads and clears. The plugin owns
 * the tables (Better Auth's migrations make them); these name only what is used here.
 */
type ProviderTables = {
  oauthClient: { clientId: string; name: string | null; uri: string | null; icon: string | null };
  oauthConsent: { id: string; clientId: string; userId: string | null; scopes: unknown; createdAt: Time };
  oauthAccessToken: { clientId: string; userId: string | null; createdAt: Time };
  oauthRefreshToken: { clientId: string; userId: string; createdAt: Time };
};

/** A `string[]` column as the adapter wrote it (a JSON array as text, or an array), each scope in words. */
function scopesOf(value: unknown): ConnectedApplication['scopes'] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []).map((scope) => ({
    scope,
    description: SCOPE_DESCRIPTIONS[scope as ApplicationScope] ?? scope,
  }));
}

const latest = (...times: Array<Date | string | number | null | undefined>): string | null => {
  const known = times.filter((time): time is Date | string | number => time !== null && time !== undefined);
  if (known.length === 0) return null;
  return known.map(toIsoDate).sort().at(-1)!;
};

/**
 * Connected apps of one person: the applications they allowed (their consents), newest first, with
 * the latest token issued or refreshed for each. Only that person's rows are ever read.
 */
export async function listConnectedApps(database: Database, userId: string): Promise<ConnectedApplication[]> {
  const db = database.db.withTables<ProviderTables>();
  const consents = await db
    .selectFrom('oauthConsent as c')
    .innerJoin('oauthClient as a', 'a.clientId', 'c.clientId')
    .select(['c.clientId', 'c.scopes', 'c.createdAt', 'a.name', 'a.uri', 'a.icon'])
    .where('c.userId', '=', userId)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.clientId')
    .execute();
  if (consents.length === 0) return [];
  const clientIds = consents.map((consent) => consent.clientId);
  const [access, refresh] = await Promise.all(
    (['oauthAccessToken', 'oauthRefreshToken'] as const).map((table) =>
      db
        .selectFrom(table)
        .select(['clientId', (eb) => eb.fn.max('createdAt').as('lastAt')])
        .where('userId', '=', userId)
        .where('clientId', 'in', clientIds)
        .groupBy('clientId')
        .execute(),
    ),
  );
  const lastOf = (rows: typeof access, clientId: string) =>
    rows?.find((row) => row.clientId === clientId)?.lastAt as Date | string | number | null | undefined;
  return consents.map((consent) => ({
    clientId: consent.clientId,
    name: consent.name ?? consent.clientId,
    uri: consent.uri ?? null,
    icon: consent.icon ?? null,
    scopes: scopesOf(consent.scopes),
    allowedAt: toIsoDate(consent.createdAt),
    lastUsedAt: latest(lastOf(access, consent.clientId), lastOf(refresh, consent.clientId)),
  }));
}

/**
 * Ends one application's access to one person's account at once: their consent for it, and every
 * access and refresh token it holds for them (so its next refresh and userinfo fail). Whether the
 * application had access at all; another person's rows are never touched.
 */
export async function revokeConnectedApp(database: Database, userId: string, clientId: string): Promise<boolean> {
  const db = database.db.withTables<ProviderTables>();
  return db.transaction().execute(async (trx) => {
    // Access tokens first: they name the refresh token they came from.
    const access = await trx
      .deleteFrom('oauthAccessToken')
      .where('userId', '=', userId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    const refresh = await trx
      .deleteFrom('oauthRefreshToken')
      .where('userId', '=', userId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    const consent = await trx
      .deleteFrom('oauthConsent')
      .where('userId', '=', userId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    return [access, refresh, consent].some((result) => Number(result.numDeletedRows) > 0);
  });
}
