import { CompiledQuery, sql } from 'kysely';
import { ORGANIZATIONS_CLAIM } from '#common/applications';
import type { Database } from '../../db/database';
import type { organizationsClaim } from './organizations-claim';
import { storedDigestOf } from './stored-digest';

/** An opaque access token as the provider mints it: letters and digits, never a JWT's dots. */
const OPAQUE_BEARER = /^Bearer ([A-Za-z0-9_-]{16,512})$/;

interface TokenRow {
  scopes: unknown;
  requestedUserInfoClaims: unknown;
  expiresAt: unknown;
  revoked: unknown;
  resources: unknown;
  confirmation: unknown;
  sessionId: string | null;
  sessionExpiresAt: unknown;
  clientDisabled: unknown;
  userId: string;
  name: string | null;
  email: string | null;
  emailVerified: unknown;
  image: string | null;
}

/** A list column as either engine hands it over: an array, JSON text, or nothing. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

const timeOf = (value: unknown) =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'string' || typeof value === 'number'
      ? new Date(value).getTime()
      : NaN;
const isTrue = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/** The provider's own split of a display name (OpenID Connect's given and family names). */
function splitName(name: string): { given?: string; family?: string } {
  const parts = name.split(' ').filter((part) => part !== '');
  if (parts.length <= 1) return {};
  return { given: parts.slice(0, -1).join(' '), family: parts.at(-1)! };
}

/**
 * The userinfo answer for the common request, in one query instead of the provider's five reads and
 * its hooks (decision 0083): a Bearer header with an opaque token that is live, of an enabled
 * application, of a session that has not ended. Anything else — no row, expired, revoked, bound to a
 * key or a resource, a disabled application, an ended session, no `openid` scope — answers
 * `undefined`, and the provider's endpoint answers it, with its own refusal. The claims are the
 * provider's: `sub`; `profile` and `email` claims by scope or by the token's `claims` request;
 * `organizations` by scope.
 */
export function userInfoReader(database: Database, organizations: ReturnType<typeof organizationsClaim>) {
  // Compiled once; on SQLite read at once when no transaction holds the connection (decision 0022).
  const columns = [
    sql`t.${sql.ref('scopes')}`,
    sql`t.${sql.ref('requestedUserInfoClaims')}`,
    sql`t.${sql.ref('expiresAt')}`,
    sql`t.${sql.ref('revoked')}`,
    sql`t.${sql.ref('resources')}`,
    sql`t.${sql.ref('confirmation')}`,
    sql`t.${sql.ref('sessionId')}`,
    sql`s.${sql.ref('expiresAt')}`,
    sql`c.${sql.ref('disabled')}`,
    sql`u.id`,
    sql`u.name`,
    sql`u.email`,
    sql`u.${sql.ref('emailVerified')}`,
    sql`u.image`,
  ];
  // Each column under a name of its own (two are called expiresAt), in this order.
  const selected = sql.join(columns.map((column, index) => sql`${column} as ${sql.ref(`c${index}`)}`));
  const { sql: query } = sql`
    select ${selected}
    from ${sql.table('oauthAccessToken')} t
    join ${sql.table('oauthClient')} c on c.${sql.ref('clientId')} = t.${sql.ref('clientId')}
    join ${sql.table('user')} u on u.id = t.${sql.ref('userId')}
    left join ${sql.table('session')} s on s.id = t.${sql.ref('sessionId')}
    where t.token = ${''}`.compile(database.db);
  const rowOf = (values: unknown[] | undefined): TokenRow | undefined => {
    if (!values) return undefined;
    const [scopes, requestedUserInfoClaims, expiresAt, revoked, resources, confirmation, sessionId] = values;
    const [sessionExpiresAt, clientDisabled, userId, name, email, emailVerified, image] = values.slice(7);
    return {
      scopes,
      requestedUserInfoClaims,
      expiresAt,
      revoked,
      resources,
      confirmation,
      sessionId: sessionId == null ? null : String(sessionId),
      sessionExpiresAt,
      clientDisabled,
      userId: String(userId),
      name: name == null ? null : String(name),
      email: email == null ? null : String(email),
      emailVerified,
      image: image == null ? null : String(image),
    };
  };
  const lookup = async (digest: string) => {
    const rows = database.readNow(query, [digest]);
    if (rows) return rowOf(rows[0]);
    const { rows: found } = await database.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query, [digest]));
    return rowOf(found[0] && Object.values(found[0]));
  };
  return async (authorization: string | undefined): Promise<Record<string, unknown> | undefined> => {
    const token = authorization ? OPAQUE_BEARER.exec(authorization)?.[1] : undefined;
    if (!token) return undefined;
    const row = await lookup(storedDigestOf(token));
    if (!row) return undefined;
    const now = Date.now();
    const scopes = listOf(row.scopes);
    if (!(timeOf(row.expiresAt) > now) || isTrue(row.revoked) || isTrue(row.clientDisabled)) return undefined;
    if (row.confirmation || listOf(row.resources).length > 0 || !scopes.includes('openid')) return undefined;
    if (row.sessionId && !(timeOf(row.sessionExpiresAt) > now)) return undefined;

    const requested = new Set(listOf(row.requestedUserInfoClaims));
    const wants = (claim: string, scope: string) => scopes.includes(scope) || requested.has(claim);
    const claims: Record<string, unknown> = { sub: row.userId };
    const { given, family } = splitName(row.name ?? '');
    const standard: Array<[claim: string, scope: string, value: unknown]> = [
      ['name', 'profile', row.name ?? undefined],
      ['picture', 'profile', row.image ?? undefined],
      ['given_name', 'profile', given],
      ['family_name', 'profile', family],
      ['email', 'email', row.email ?? undefined],
      ['email_verified', 'email', row.emailVerified == null ? false : isTrue(row.emailVerified)],
    ];
    for (const [claim, scope, value] of standard) {
      if (wants(claim, scope) && value !== undefined) claims[claim] = value;
    }
    if (scopes.includes('organizations')) claims[ORGANIZATIONS_CLAIM] = await organizations(row.userId);
    return claims;
  };
}
