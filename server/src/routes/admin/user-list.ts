import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { USER_COUNT_CAP, type AdminUserList, type AdminUserListQuery, type AdminUserRow } from '#common/admin';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { toIsoDate } from '../../db/dates';
import { hasControlCharacter } from '../../http/input-guard';

/** Shorter terms have no trigram to look up; they are matched by a plain scan. */
const TRIGRAM = 3;
/** Deeper than this, an offset is first skipped in an index alone (no row is read for it). */
const SKIP_IN_INDEX = 1000;

const COLUMNS = [
  'u.id',
  'u.name',
  'u.email',
  'u.emailVerified',
  'u.image',
  'u.role',
  'u.banned',
  'u.banReason',
  'u.banExpires',
  'u.isAnonymous',
  'u.createdAt',
  'u.updatedAt',
] as const;

/** SQLite: characters beyond ASCII that FTS5's trigram tokenizer folds onto an ASCII letter. */
const FOLDED_ONTO: Partial<Record<string, string>> = { k: '\u212a', s: '\u017f' };

/**
 * SQLite: a GLOB pattern that matches exactly where the FTS5 trigram index matches (the term anywhere,
 * Unicode case folded), for a term in ASCII; undefined otherwise. FTS5 must read every match to
 * return the first ones in our order, while this can be tested row by row along an ordered index.
 */
export function sqliteGlobFor(term: string): string | undefined {
  let pattern = '*';
  for (const char of term) {
    if (char > '\u007f') return undefined;
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower !== upper) pattern += `[${lower}${upper}${FOLDED_ONTO[lower] ?? ''}]`;
    else pattern += '*?['.includes(char) ? `[${char}]` : char;
  }
  return `${pattern}*`;
}

type Found = RawBuilder<{ handle: string | number }>;

/** A search as the index finds it (few matches) and as a row-by-row test (many matches), same rows. */
interface Search {
  /** The matches' row handles (SQLite rowids, PostgreSQL ids) through the trigram index, at most `cap`. */
  indexed: (role: string | undefined, cap: number) => Found;
  /**
   * Two characters: when the term is rare, the same through the pair indexes; undefined when it is
   * common enough that reading rows until `cap` of them match is quicker.
   */
  rare?: (db: Kysely<DB>) => Promise<((role: string | undefined, cap: number) => Found) | undefined>;
  /** Undefined when only the index matches exactly (a SQLite term beyond ASCII). */
  scanned: Expression<SqlBool> | undefined;
  /** PostgreSQL: a trigram index can serve this term (three characters or more). */
  trigrams: boolean;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
const roleCondition = (role: string | undefined) => (role ? sql`and u.role = ${role}` : sql``);

/** Rows read to tell whether a two-character term is common. */
const PROBE_ROWS = 2000;
/** As many matches in the probe (5%) make the term common: reading rows finds the cap soon enough. */
const PROBE_COMMON = 100;
/** SQLite: more trigrams than this start with the pair, and it is common after all. */
const PAIR_TRIGRAMS = 200;

async function isCommon(db: Kysely<DB>, field: 'email' | 'name', condition: Expression<SqlBool>) {
  const probe = await sql<{ hits: number }>`select count(*) as hits
    from (select ${sql.ref(field)} from "user" limit ${PROBE_ROWS}) u where ${condition}`.execute(db);
  return Number(probe.rows[0]?.hits ?? 0) >= PROBE_COMMON;
}

function searchFor(database: Database, field: 'email' | 'name', term: string): Search {
  const column = sql.ref(`u.${field}`);
  if (database.engine === 'postgres') {
    // ILIKE serves both: the trigram GiST index finds it, or it is tested along the sort's index.
    const condition = sql<SqlBool>`${column} ilike ${`%${escapeLike(term)}%`}`;
    return {
      indexed: (role, cap) =>
        sql`select u.id as handle from "user" u where ${condition} ${roleCondition(role)} limit ${cap}`,
      rare:
        [...term].length === 2 // characters, as gatehouse_pairs counts them
          ? async (db) =>
              (await isCommon(db, field, condition))
                ? undefined
                : (role, cap) =>
                    // The pair index alone finds the candidates: "offset 0" keeps ILIKE out of that scan,
                    // where the planner would also read the trigram index, which knows no pairs.
                    sql`select u.id as handle from (select u.id, u.${sql.raw(field)} from "user" u
                      where gatehouse_pairs(${column}) @> array[lower(cast(${term} as text))] ${roleCondition(role)}
                      offset 0) u where ${condition} limit ${cap}`
          : undefined,
      scanned: condition,
      trigrams: term.length >= TRIGRAM,
    };
  }
  if (term.length >= TRIGRAM) {
    // A quoted FTS5 phrase of trigrams matches the term anywhere in the column, case-insensitively.
    // FTS5 hands its matches over one by one, so a limit stops the search early.
    const phrase = `{${field}} : "${term.replace(/"/g, '""')}"`;
    const glob = sqliteGlobFor(term);
    // Where no character folds like k or s, LIKE (ASCII case-insensitive) is the same test, 3x faster.
    const scanned =
      glob === undefined
        ? undefined
        : /[ks]/i.test(term)
          ? sql<SqlBool>`${column} glob ${glob}`
          : sql<SqlBool>`${column} like ${`%${escapeLike(term)}%`} escape '\\'`;
    return {
      indexed: (role, cap) =>
        role
          ? sql`select s.rowid as handle from user_search s join "user" u on u.rowid = s.rowid
              where user_search match ${phrase} ${roleCondition(role)} limit ${cap}`
          : sql`select rowid as handle from user_search where user_search match ${phrase} limit ${cap}`,
      scanned,
      trigrams: true,
    };
  }
  // Too short for a trigram: SQLite's LIKE, which folds ASCII case as its lower() does.
  const pair = term.toLowerCase();
  const condition = sql<SqlBool>`${column} like ${`%${escapeLike(pair)}%`} escape '\\'`;
  const rare = async (db: Kysely<DB>) => {
    if (await isCommon(db, field, condition)) return undefined;
    // Every match either starts a trigram with the pair (the index folds case as LIKE does, for
    // ASCII) or ends the value; LIKE then tests each candidate.
    const next = `${pair[0]}${String.fromCharCode(pair.charCodeAt(1) + 1)}`;
    const trigrams = await sql<{ term: string }>`select term from user_search_vocab
      where term >= ${pair} and term < ${next} and col = ${field}`.execute(db);
    if (trigrams.rows.length > PAIR_TRIGRAMS) return undefined;
    const tails = sql`select rowid from "user" where substr(lower(${sql.ref(field)}), -2) = ${pair}`;
    const phrase = `{${field}} : (${trigrams.rows.map((row) => `"${row.term.replace(/"/g, '""')}"`).join(' OR ')})`;
    const candidates = trigrams.rows.length
      ? sql`select rowid from user_search where user_search match ${phrase} union all ${tails}`
      : tails;
    return (role: string | undefined, cap: number): Found =>
      sql`select u.rowid as handle from "user" u
        where u.rowid in (${candidates}) and ${condition} ${roleCondition(role)} limit ${cap}`;
  };
  return {
    indexed: (role, cap) =>
      sql`select u.rowid as handle from "user" u where ${condition} ${roleCondition(role)} limit ${cap}`,
    // eslint-disable-next-line no-control-regex -- ASCII only: the index folds other letters its own way
    rare: term.length === 2 && /^[\u0000-\u007f]+$/.test(term) ? rare : undefined,
    scanned: condition,
    trigrams: false,
  };
}

/** Where a page starts or ends in the view's order: the sort value and id of a row next to it. */
interface Cursor {
  after: boolean;
  sortBy: AdminUserListQuery['sortBy'];
  sortDirection: AdminUserListQuery['sortDirection'];
  key: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  const { after, sortBy, sortDirection, key, id } = cursor;
  return Buffer.from(JSON.stringify([after ? 'a' : 'b', sortBy, sortDirection, key, id])).toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d(:?\d\d)?)?$/;

/** The cursor of a request, or 'invalid'; a cursor of another order is ignored (the offset serves). */
export function decodeCursor(query: AdminUserListQuery): Cursor | undefined | 'invalid' {
  if (!query.cursor) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (!Array.isArray(parts) || parts.length !== 5) return 'invalid';
  const [direction, sortBy, sortDirection, key, id] = parts as unknown[];
  if ((direction !== 'a' && direction !== 'b') || typeof id !== 'string' || typeof key !== 'string') return 'invalid';
  // Hidden in base64, these never met the input guard; PostgreSQL refuses a NUL in text.
  if (hasControlCharacter(key) || hasControlCharacter(id)) return 'invalid';
  if (sortBy !== query.sortBy || sortDirection !== query.sortDirection) return undefined;
  // A creation date as either engine writes it: PostgreSQL reads fewer forms than Date.parse does.
  if (sortBy === 'createdAt' && !(TIMESTAMP.test(key) && Number.isFinite(Date.parse(key)))) return 'invalid';
  return { after: direction === 'a', sortBy: query.sortBy, sortDirection: query.sortDirection, key, id };
}

/**
 * PostgreSQL, by creation date: the row at `offset`, found from the kept counts per creation day
 * (the days before its own are summed, not read) and a skip within its day. One statement, so the
 * counts and the rows are of one snapshot.
 */
async function skipByDay(
  db: Kysely<DB>,
  role: string | undefined,
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ key: string; id: string } | undefined> {
  const order = sql.raw(direction);
  const result = await sql<{ key: string; id: string }>`
    with days as (
      select day, sum(total) as total from user_created_count ${role ? sql`where role = ${role}` : sql``} group by day
    ), placed as (
      select day, total, sum(total) over (order by day ${order}) - total as before from days
    ), target as (
      select day, before from placed where before <= ${offset} and before + total > ${offset} order by day ${order} limit 1
    )
    select cast(k."createdAt" as text) as key, k.id from target t cross join lateral (
      select u.id, u."createdAt" from "user" u
      where u."createdAt" >= t.day::timestamp at time zone 'UTC' and u."createdAt" < (t.day + 1)::timestamp at time zone 'UTC'
        ${role ? sql`and u.role = ${role}` : sql``}
      order by u."createdAt" ${order}, u.id ${order} limit 1 offset ${offset} - t.before
    ) k`.execute(db);
  return result.rows[0];
}

/** A role this small is searched by reading its own rows (through its index) one by one. */
const SMALL_ROLE = 20_000;

/**
 * One page of users with the total, searched, filtered and sorted by the database, and each user's
 * first organization (by membership date) from one more query for the whole page.
 *
 * A search first collects up to USER_COUNT_CAP + 1 matches. When that is all of them, the page is
 * read from those rows. When there are more, the term is common: walking the sort's own index and
 * testing each row finds a page after about (offset + limit) / (share of matches) rows, and stops.
 */
export async function listUsers(
  database: Database,
  query: AdminUserListQuery,
  cursor?: Cursor,
): Promise<AdminUserList> {
  if (database.engine === 'postgres' && query.search) {
    // Planner settings for this request only (SET LOCAL), hence a transaction.
    return database.db.transaction().execute((trx) => list({ ...database, db: trx }, query, cursor));
  }
  return list(database, query, cursor);
}

async function list(database: Database, query: AdminUserListQuery, cursor: Cursor | undefined): Promise<AdminUserList> {
  const { db, engine } = database;
  const role = query.role === 'all' ? undefined : query.role;
  const search = query.search ? searchFor(database, query.searchField, query.search) : undefined;
  const base = () => {
    let builder = db.selectFrom('user as u');
    if (role) builder = builder.where('u.role', '=', role);
    return builder;
  };
  /** PostgreSQL planner settings for the rest of this request's transaction, in one round trip. */
  const plan = async (settings: Record<string, 'on' | 'off'>) => {
    if (engine !== 'postgres') return;
    // A plan the settings discourage is costed enormous, which would also set the JIT compiling.
    const calls = Object.entries({ jit: 'off', ...settings }).map(
      ([name, value]) => sql`set_config(${name}, ${value}, true)`,
    );
    await sql`select ${sql.join(calls)}`.execute(db);
  };

  // The kept count per role: the total without a search, and how large a filtered role is.
  const counts = db.selectFrom('user_role_count').select((eb) => eb.fn.sum<number>('total').as('total'));
  const kept = search && !role ? undefined : await (role ? counts.where('role', '=', role) : counts).executeTakeFirst();
  let total = Number(kept?.total ?? 0);
  let totalCapped = false;

  /** Every match's handle, when there are no more than the cap. */
  let handles: Array<string | number> | undefined;
  /** The row-by-row test for an ordered walk (there are more matches than the cap). */
  let walkCondition: Expression<SqlBool> | undefined;
  if (search) {
    const smallRole = role !== undefined && total <= SMALL_ROLE && search.scanned !== undefined;
    const handle = engine === 'postgres' ? sql.ref('u.id') : sql.ref('u.rowid');
    let found: Found;
    const rare = !smallRole && search.rare ? await search.rare(db) : undefined;
    if (smallRole) {
      await plan({});
      found = sql`select ${handle} as handle from "user" u where u.role = ${role} and ${search.scanned} limit ${USER_COUNT_CAP + 1}`;
    } else if (rare) {
      await plan({ enable_seqscan: 'off' });
      found = rare(role, USER_COUNT_CAP + 1);
    } else {
      // PostgreSQL: a plain scan of the trigram index hands over matches one by one and stops at the
      // limit; a bitmap scan (its usual choice) reads the whole index first, and the other choices
      // (a table or a sort's index, tested row by row) cost ILIKE on every row read.
      await plan(
        search.trigrams ? { enable_bitmapscan: 'off', enable_seqscan: 'off', enable_indexonlyscan: 'off' } : {},
      );
      found = search.indexed(role, USER_COUNT_CAP + 1);
    }
    const matches = (await found.execute(db)).rows.map((row) => row.handle);
    totalCapped = matches.length > USER_COUNT_CAP;
    total = Math.min(matches.length, USER_COUNT_CAP);
    if (totalCapped) {
      walkCondition = search.scanned ?? sql<SqlBool>`u.rowid in (${search.indexed(undefined, -1)})`;
      // Walk the sort's index rather than sort every match (a small role's rows are few to sort).
      const walk = { enable_seqscan: 'on', enable_indexonlyscan: 'on' } as const;
      if (smallRole) await plan(walk);
      else await plan({ ...walk, enable_bitmapscan: 'off', enable_sort: 'off' });
    } else handles = matches;
  }

  // Walking backwards from a "before" cursor: the reversed order, then the page turned round.
  const backwards = cursor !== undefined && !cursor.after;
  const direction = backwards ? (query.sortDirection === 'asc' ? 'desc' : 'asc') : query.sortDirection;
  const sortColumn = sql.ref(`u.${query.sortBy}`);
  const ordered = <QB extends SelectQueryBuilder<DB & { u: DB['user'] }, 'u', object>>(builder: QB): QB =>
    builder.orderBy(`u.${query.sortBy}`, direction).orderBy('u.id', direction) as QB;
  const beyond = (key: string | number, id: string, inclusive: boolean) => {
    const operator = sql.raw(`${direction === 'asc' ? '>' : '<'}${inclusive ? '=' : ''}`);
    return sql<SqlBool>`(${sortColumn}, u.id) ${operator} (${key}, ${id})`;
  };
  // The sort value as the database compares it (a Date would lose PostgreSQL's microseconds).
  const keyOf = (table: 'u' | 'k') =>
    engine === 'postgres' && query.sortBy === 'createdAt'
      ? sql<string>`cast(${sql.ref(`${table}.createdAt`)} as text)`
      : sql<string>`${sql.ref(`${table}.${query.sortBy}`)}`;

  let page = base().select(COLUMNS);
  if (handles) {
    if (handles.length === 0) page = page.where(sql<SqlBool>`1 = 0`);
    else if (engine === 'postgres') page = page.where(sql<SqlBool>`u.id = any(${handles})`);
    else page = page.where(sql<SqlBool>`u.rowid in (select value from json_each(${JSON.stringify(handles)}))`);
  }
  if (walkCondition) page = page.where(walkCondition);
  let offset = query.offset;
  if (cursor) {
    page = page.where(beyond(cursor.key, cursor.id, false));
    offset = 0;
  } else if (!search && offset > SKIP_IN_INDEX) {
    // A deep page: find its first row in the sort's index alone, then read the page from there.
    // (The key is cast in the outer query: in the inner one, every skipped row would be cast.)
    const skipped = ordered(
      base()
        .select(['u.id', `u.${query.sortBy}`])
        .limit(1)
        .offset(offset),
    );
    const first =
      engine === 'postgres' && query.sortBy === 'createdAt'
        ? await skipByDay(db, role, direction, offset)
        : await db
            .selectFrom(skipped.as('k'))
            .select([keyOf('k').as('key'), 'k.id'])
            .executeTakeFirst();
    page = page.where(first ? beyond(first.key, first.id, true) : sql<SqlBool>`1 = 0`);
    offset = 0;
  }
  const fetched = await ordered(page.select(keyOf('u').as('sortKey')).limit(query.limit).offset(offset)).execute();
  const rows = backwards ? fetched.reverse() : fetched;

  const memberships = rows.length
    ? await db
        .selectFrom('member as m')
        .innerJoin('organization as o', 'o.id', 'm.organizationId')
        .select(['m.userId', 'm.role', 'o.id as organizationId', 'o.name as organizationName'])
        .where(
          'm.userId',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('m.createdAt', 'asc')
        .execute()
    : [];
  const firstMembership = new Map<string, (typeof memberships)[number]>();
  for (const membership of memberships)
    if (!firstMembership.has(membership.userId)) firstMembership.set(membership.userId, membership);

  const cursorAt = (row: (typeof rows)[number] | undefined, after: boolean) =>
    row
      ? encodeCursor({
          after,
          sortBy: query.sortBy,
          sortDirection: query.sortDirection,
          key: row.sortKey,
          id: row.id,
        })
      : null;
  const flag = (value: unknown) => value === true || value === 1 || value === '1';
  return {
    total,
    totalCapped,
    limit: query.limit,
    offset: query.offset,
    nextCursor: cursorAt(rows.at(-1), true),
    previousCursor: query.offset > 0 ? cursorAt(rows[0], false) : null,
    users: rows.map((row): AdminUserRow => {
      const membership = firstMembership.get(row.id);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: flag(row.emailVerified),
        image: row.image ?? null,
        role: row.role ?? 'user',
        banned: flag(row.banned),
        banReason: row.banReason ?? null,
        banExpires: row.banExpires ? toIsoDate(row.banExpires) : null,
        isAnonymous: flag(row.isAnonymous),
        createdAt: toIsoDate(row.createdAt),
        updatedAt: toIsoDate(row.updatedAt),
        organizationId: membership?.organizationId ?? null,
        organizationName: membership?.organizationName ?? null,
        organizationRole: membership?.role ?? null,
      };
    }),
  };
}
