import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { TestContext } from '#test/test-context';

type Row = Record<string, unknown>;

/** Per table: a hash of its rows, and the rows themselves (serialized) to say what changed. */
export type Digest = Map<string, { hash: string; rows: string[] }>;

/**
 * The audit trail records refused requests too (that is what it is for), written after the answer,
 * and so are the counts kept from it (0046), the last active days among them: a success's batch can
 * land while a later refusal is compared. Checked by their own tests, not compared here.
 */
const RECORDS_REFUSALS = new Set(['auditEvent', 'auditDailyCount', 'userLastActive', 'userLastActiveCount']);

/**
 * The tables to compare. SQLite's FTS5 search index (a virtual table and its shadow tables) is left
 * out: it is derived from the `user` table by triggers, and `user` itself is compared.
 */
export async function listTables(context: TestContext): Promise<string[]> {
  const { db } = context.database;
  if (context.database.engine === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows
      .map((row) => row.name)
      .filter((name) => !RECORDS_REFUSALS.has(name))
      .sort();
  }
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master
    where type = 'table'`.execute(db);
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql ?? '')).map((row) => row.name);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
    .filter((name) => !RECORDS_REFUSALS.has(name))
    .sort();
}

/**
 * Columns that legitimately change on a refused request: an API key's usage accounting. A request
 * with a valid key counts against the key's rate limit (and records its last use) before the route
 * decides, so a 4xx after a good key still updates these. Nothing else may change.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  apikey: ['lastRequest', 'requestCount', 'remaining', 'lastRefillAt', 'updatedAt'],
};

function cell(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export async function digest(context: TestContext, tables: string[]): Promise<Digest> {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(context.database.db);
      const volatile = new Set(VOLATILE_COLUMNS[table] ?? []);
      const serialized = rows
        .map((row) =>
          JSON.stringify(
            Object.fromEntries(
              Object.entries(row)
                .filter(([column]) => !volatile.has(column))
                .map(([column, value]) => [column, cell(value)]),
            ),
          ),
        )
        // Sorted: row order is not data (PostgreSQL returns rows in physical order, which updates change).
        .sort();
      const hash = crypto.createHash('sha256').update(serialized.join('\n')).digest('hex');
      return [table, { hash, rows: serialized }] as const;
    }),
  );
  return new Map(entries);
}

export interface TableChange {
  table: string;
  removed: Row[];
  added: Row[];
}

export function changes(before: Digest, after: Digest): TableChange[] {
  const result: TableChange[] = [];
  for (const [table, now] of after) {
    const then = before.get(table);
    if (then?.hash === now.hash) continue;
    const old = new Set(then?.rows ?? []);
    const current = new Set(now.rows);
    result.push({
      table,
      removed: [...old].filter((row) => !current.has(row)).map((row) => JSON.parse(row) as Row),
      added: now.rows.filter((row) => !old.has(row)).map((row) => JSON.parse(row) as Row),
    });
  }
  return result;
}

/** Endpoints that, refusing a caller who is not a member, also clear the session's active organization. */
const CLEARS_ACTIVE_ORGANIZATION = new Set(
  ['set-active', 'get-organization', 'get-full-organization'].map((name) => `/api/auth/organization/${name}`),
);

/** Session tokens named by a request's cookies (`<token>.<signature>`). */
function sessionTokens(request: Request): string[] {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith('better-auth.session_token='))
    .map((pair) => decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0] ?? '');
}

/**
 * The one write Better Auth makes on purpose while refusing: an organization endpoint that finds the
 * caller is not a member also clears the caller's active organization (it fails closed). Only that
 * column, and the row's update time, of the caller's own session may change.
 */
export function isExpectedRefusalWrite(path: string, status: number, request: Request, change: TableChange): boolean {
  if (!CLEARS_ACTIVE_ORGANIZATION.has(path) || status !== 403 || change.table !== 'session') return false;
  const tokens = sessionTokens(request);
  const cleared = new Set(['activeOrganizationId', 'updatedAt']);
  return (
    change.removed.length === change.added.length &&
    change.added.every((row) => {
      const old = change.removed.find((candidate) => candidate.id === row.id);
      return (
        old !== undefined &&
        tokens.includes(String(row.token)) &&
        row.activeOrganizationId === null &&
        Object.keys(row).every((column) => cleared.has(column) || row[column] === old[column])
      );
    })
  );
}
