import { getAuthTables, type DBFieldAttribute } from '@better-auth/core/db';
import type { AuthContext } from 'better-auth';
// Better Auth's endpoints read cookies through better-call, which keeps the first of two with one name.
import { parseCookies } from 'better-call';
import type { Redis } from 'ioredis';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { isBanned } from './banned';
import { signedCookieReader } from './signed-cookie';

type FoundSession = NonNullable<Awaited<ReturnType<AuthContext['internalAdapter']['findSession']>>>;
/** What the reader needs of Better Auth's context. */
type SessionContext = Pick<
  AuthContext,
  'authCookies' | 'sessionConfig' | 'secret' | 'secondaryStorage' | 'tables' | 'options'
> & {
  internalAdapter: Pick<AuthContext['internalAdapter'], 'findSession'>;
};

/**
 * What the session cookie of a request proves, read without Better Auth's router:
 * - `visitor`: no session cookie at all;
 * - `signed-in`: a valid session of a user who is not banned, needing no write;
 * - `refused`: a valid session whose user is banned (sessions end with a ban; this covers any left);
 * - `defer`: anything else (a bad signature, an unknown or expired session, a session due for its
 *   refresh, a stale cookie cache): Better Auth answers it, and writes the cookies that go with it.
 */
export type SessionRead =
  | { kind: 'visitor' }
  | { kind: 'signed-in'; session: FoundSession['session']; user: FoundSession['user'] }
  | { kind: 'refused' }
  | { kind: 'defer' };

type Row = Record<string, unknown>;
type Model = 'session' | 'user';
/** Synchronous when the answer is at hand (SQLite with no transaction open): no promise to wait on. */
type Lookup = (token: string) => FoundSession | null | Promise<FoundSession | null>;

/**
 * A session and its user by token in one prepared query, read into the very objects Better Auth's
 * `findSession` returns: the same fields from its schema, the same conversions its Kysely adapter
 * makes (SQLite keeps dates as text and booleans as 0/1), the fields it never returns left out.
 * Without its adapter's per-query work (tracing spans, a second query for the join, deep copies),
 * and on SQLite without waiting in Kysely's queue when the connection is free.
 */
function databaseLookup(context: SessionContext, database: Database): Lookup | undefined {
  const { engine } = database;
  // Untyped: the table and column names are Better Auth's, read from its schema at run time.
  const db: Kysely<any> = database.db;
  const tables = { session: context.tables.session, user: context.tables.user };
  if (!tables.session || !tables.user) return undefined;
  const columns = (model: Model) => {
    const fields: [string, DBFieldAttribute][] = Object.entries(tables[model]!.fields);
    return [...fields, ['id', { type: 'string' }] as [string, DBFieldAttribute]].map(([name, field]) => ({
      name,
      column: field.fieldName ?? name,
      alias: `${model}_${name}`,
      field,
    }));
  };
  const session = columns('session');
  const user = columns('user');
  // A field with its own output transform, or JSON to parse, is Better Auth's to read.
  if ([...session, ...user].some(({ field }) => field.transform?.output || field.type === 'json')) return undefined;
  const sessionTable = tables.session.modelName;
  const userTable = tables.user.modelName;
  const userId = session.find(({ name }) => name === 'userId')!.column;
  const token = session.find(({ name }) => name === 'token')!.column;
  const { sql } = db
    .selectFrom(`${sessionTable} as s`)
    .innerJoin(`${userTable} as u`, `u.id`, `s.${userId}`)
    .select([
      ...session.map(({ column, alias }) => `s.${column} as ${alias}`),
      ...user.map(({ column, alias }) => `u.${column} as ${alias}`),
    ])
    .where(`s.${token}`, '=', '')
    .compile();

  const read = (values: unknown[], fields: typeof session, offset: number) => {
    const output: Row = {};
    for (const [index, { name, field }] of fields.entries()) {
      if (field.returned === false) continue;
      let value = values[offset + index];
      if (name === 'id' || field.references?.field === 'id') {
        if (value !== undefined && value !== null) value = String(value);
      } else if (engine === 'sqlite' && typeof value === 'string' && field.type === 'date') {
        value = new Date(value);
      } else if (engine === 'sqlite' && typeof value === 'number' && field.type === 'boolean') {
        value = value === 1;
      }
      output[name] = value;
    }
    return output;
  };
  // The session's columns first, then the user's, as selected.
  const found = (values: unknown[] | undefined) =>
    values
      ? ({ session: read(values, session, 0), user: read(values, user, session.length) } as unknown as FoundSession)
      : null;
  return (value) => {
    const rows = database.readNow(sql, [value]);
    if (rows) return found(rows[0]);
    return db
      .executeQuery<Row>(CompiledQuery.raw(sql, [value]))
      .then(({ rows: [row] }) => found(row && Object.values(row)));
  };
}

/** Where Better Auth keeps sessions in Redis: its `secondaryStorage`, under this key prefix. */
export interface SessionStore {
  redis: Redis;
  keyPrefix: string;
}

/**
 * The stored session and, in the same round trip, the time before which Better Auth counts the
 * user's sessions as revoked (it writes that marker when it ends all of them). The marker's key is
 * built in the script, which a single Redis allows (a Redis Cluster would not; it is not supported).
 */
const READ_STORED_SESSION = `
local stored = redis.call('GET', KEYS[1])
if not stored then return false end
local ok, value = pcall(cjson.decode, stored)
local userId = ok and type(value) == 'table' and type(value.session) == 'table' and value.session.userId
if type(userId) ~= 'string' then return { stored } end
return { stored, redis.call('GET', ARGV[1] .. userId) }
`;
type StoredSessionReader = Redis & {
  gatehouseReadStoredSession(key: string, revokedBeforePrefix: string): Promise<[string, string | null] | null>;
};

/**
 * Better Auth's `findSession` over Redis, in one round trip instead of two, with the same answer: the
 * session and user as stored, their date fields as dates, the fields it never returns left out, and
 * no session when the marker says it was revoked. Anything it cannot read is Better Auth's to answer.
 */
function storeLookup(context: SessionContext, { redis, keyPrefix }: SessionStore): Lookup | undefined {
  // With sessions in Redis, Better Auth's tables leave the session out: the schema as it would be.
  const tables = getAuthTables({ ...context.options, secondaryStorage: undefined });
  if (!tables.session || !tables.user) return undefined;
  const fields = (model: Model) => new Map<string, DBFieldAttribute>(Object.entries(tables[model]!.fields));
  const sessionFields = fields('session');
  const userFields = fields('user');
  // ioredis prefixes KEYS by itself; a key the script builds needs the client's prefix spelled out.
  const clientPrefix = redis.options.keyPrefix ?? '';
  const revokedBeforePrefix = `${clientPrefix}${keyPrefix}revoked-sessions-before-`;
  if (!('gatehouseReadStoredSession' in redis)) {
    redis.defineCommand('gatehouseReadStoredSession', { numberOfKeys: 1, lua: READ_STORED_SESSION });
  }
  const read = (stored: unknown, schema: Map<string, DBFieldAttribute>) => {
    if (!stored || typeof stored !== 'object') return undefined;
    const output: Row = {};
    for (const [name, value] of Object.entries(stored)) {
      const field = schema.get(name);
      if (field?.returned === false) continue;
      output[name] = field?.type === 'date' && typeof value === 'string' ? new Date(value) : value;
    }
    return output;
  };
  return async (token) => {
    const answer = await (redis as StoredSessionReader).gatehouseReadStoredSession(
      `${keyPrefix}${token}`,
      revokedBeforePrefix,
    );
    if (!answer) return null;
    const [stored, revokedBefore] = answer;
    let parsed: { session?: unknown; user?: unknown };
    try {
      parsed = JSON.parse(stored) as typeof parsed;
    } catch {
      return null;
    }
    const session = read(parsed?.session, sessionFields);
    const user = read(parsed?.user, userFields);
    if (!session || !user || !(session.expiresAt instanceof Date) || !(session.createdAt instanceof Date)) return null;
    // Not proven later than the marker (an unreadable date included): revoked.
    if (!(session.createdAt.getTime() >= Number(revokedBefore))) return null;
    return { session, user } as unknown as FoundSession;
  };
}

/**
 * Reads the session of a request as Better Auth's `get-session` does (the same cookies, the same
 * session store), but answers on its own only when nothing is to be written. Every request looks
 * the session up: no cache window in which a revoked session would still be accepted.
 */
export function createSessionReader(
  authContext: Promise<SessionContext>,
  database: Database,
  store: SessionStore | undefined,
) {
  type Reader = { context: SessionContext; signedValue: ReturnType<typeof signedCookieReader>; lookup: Lookup };
  let preparing: Promise<Reader> | undefined;
  let reader: Reader | undefined;
  const prepare = async () => {
    const context = await authContext;
    // With Redis, sessions live there (with the revocation markers Better Auth keeps).
    const lookup =
      (context.secondaryStorage ? store && storeLookup(context, store) : databaseLookup(context, database)) ||
      ((token: string) => context.internalAdapter.findSession(token));
    return (reader = { context, signedValue: signedCookieReader(context.secret), lookup });
  };

  return async function readSession(headers: Headers): Promise<SessionRead> {
    const header = headers.get('cookie');
    if (!header) return { kind: 'visitor' };
    const { context, signedValue, lookup } = reader ?? (await (preparing ??= prepare()));
    const { authCookies, sessionConfig } = context;
    const cookies = parseCookies(header);
    // A cookie cache left from another configuration: Better Auth clears it.
    const cacheName = authCookies.sessionData.name;
    if (cookies.has(cacheName) || cookies.has(`${cacheName}.0`)) return { kind: 'defer' };
    if (!cookies.has(authCookies.sessionToken.name)) return { kind: 'visitor' };
    const token = signedValue(cookies, authCookies.sessionToken.name);
    if (!token) return { kind: 'defer' };

    const pending = lookup(token);
    const found = pending instanceof Promise ? await pending : pending;
    const now = Date.now();
    // An expiry that cannot be read is never taken for one in the future.
    if (!found || !(found.session.expiresAt.getTime() >= now)) return { kind: 'defer' };
    if (isBanned(found.user)) return { kind: 'refused' };

    // Better Auth extends a session once a day (`updateAge`) and sends the cookie again: its job,
    // unless "remember me" was off.
    const refreshDue =
      found.session.expiresAt.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
    if (refreshDue && !signedValue(cookies, authCookies.dontRememberToken.name)) return { kind: 'defer' };
    return { kind: 'signed-in', session: found.session, user: found.user };
  };
}
