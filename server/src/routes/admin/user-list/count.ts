import { sql, type Expression, type SqlBool } from 'kysely';
import { USER_COUNT_CAP } from '#common/admin';
import type { Database, DatabaseEngine } from '../../../db/database';
import { indexedFlag, indexedRole, testedFlag, testedRole, type FlagFilter } from './filters';
import type { Plan } from './planner';
import type { Found, Search } from './search';

/** A set this small (a role, a flag filter) is read through its own index and each row tested. */
const SMALL_SET = 20_000;

/**
 * The kept count per role: the total without a search or filter, and how large a filtered role is (a
 * search or flag filter over every role needs neither, and reads nothing).
 */
export async function keptCount({ db }: Database, role: string | undefined, narrowed: boolean): Promise<number> {
  const counts = db.selectFrom('user_role_count').select((eb) => eb.fn.sum<number>('total').as('total'));
  const kept =
    narrowed && !role ? undefined : await (role ? counts.where('role', '=', role) : counts).executeTakeFirst();
  return Number(kept?.total ?? 0);
}

/** What narrows the list: a search (and its term, which may be a user's id), a role, flag filters. */
export interface Narrowing {
  search: Search | undefined;
  term: string;
  role: string | undefined;
  /** The role's kept count. */
  roleTotal: number;
  filters: readonly FlagFilter[];
  /** How many users each filter keeps (`flagSizes`). */
  filterSizes: readonly number[];
}

export interface SearchCount {
  /** Exact up to USER_COUNT_CAP. */
  total: number;
  totalCapped: boolean;
  /** Every match's handle, when there are no more than the cap. */
  handles?: Array<string | number>;
  /** The row-by-row test for an ordered walk (there are more matches than the cap). */
  walkCondition?: Expression<SqlBool>;
}

/** A condition on the user's own row, with the number of users it keeps. */
interface Part {
  size: number;
  indexed: Expression<SqlBool>;
  tested: Expression<SqlBool>;
  isRole: boolean;
}

function partsOf(engine: DatabaseEngine, narrowing: Narrowing): Part[] {
  const { role, filters, filterSizes } = narrowing;
  const parts = filters.map((filter, index) => ({
    size: filterSizes[index] ?? Infinity,
    indexed: indexedFlag(engine, filter),
    tested: testedFlag(filter),
    isRole: false,
  }));
  if (role)
    parts.unshift({ size: narrowing.roleTotal, indexed: indexedRole(role), tested: testedRole(role), isRole: true });
  return parts;
}

const andAll = (conditions: readonly Expression<SqlBool>[]) =>
  conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;

/** The driver's users through its index, each tested by the other conditions. */
function readThrough(engine: DatabaseEngine, driver: Part, tests: Expression<SqlBool>[], cap: number): Found {
  if (engine === 'postgres' && !driver.isRole) {
    // "offset 0": the flag's index alone finds the candidates (a search's trigram index stays out).
    return sql`select u.id as handle from (select * from "user" u where ${driver.indexed} offset 0) u
      where ${andAll(tests)} limit ${cap}`;
  }
  const handle = engine === 'postgres' ? sql.ref('u.id') : sql.ref('u.rowid');
  return sql`select ${handle} as handle from "user" u where ${driver.indexed} and ${andAll(tests)} limit ${cap}`;
}

/**
 * Collects up to USER_COUNT_CAP + 1 matches, by the quickest way for the narrowing: the smallest of
 * the role and the filters read through its index when it is small (or when there is no search),
 * else the search's own index; a term that is a user's id adds that user. Then leaves the planner set
 * for reading the page: from the matches, or by walking the sort's index when there are more.
 */
export async function countMatches(database: Database, narrowing: Narrowing, plan: Plan): Promise<SearchCount> {
  const { db, engine } = database;
  const { search } = narrowing;
  const parts = partsOf(engine, narrowing);
  const driver = parts.reduce<Part | undefined>(
    (best, part) => (best && best.size <= part.size ? best : part),
    undefined,
  );
  // Without a search the smallest set is always the one to read; with one, only while it is small.
  const readDriver =
    driver !== undefined && (!search || (driver.size <= SMALL_SET && search.scanned !== undefined))
      ? driver
      : undefined;
  const cap = USER_COUNT_CAP + 1;
  let found: Found;
  if (readDriver) {
    await plan(readDriver.isRole ? {} : { enable_seqscan: 'off', enable_bitmapscan: 'off' });
    const tests = parts.filter((part) => part !== readDriver).map((part) => part.tested);
    found = readThrough(engine, readDriver, search?.scanned ? [...tests, search.scanned] : tests, cap);
  } else {
    found = await throughSearch(database, search!, parts, cap, plan);
  }
  const matches = (await found.execute(db)).rows.map((row) => row.handle);
  const byId = search ? await idMatch(database, narrowing.term, parts) : undefined;
  if (byId !== undefined && !matches.includes(byId)) matches.push(byId);

  const totalCapped = matches.length > USER_COUNT_CAP;
  const total = Math.min(matches.length, USER_COUNT_CAP);
  if (!totalCapped) {
    // PostgreSQL: the page is fetched by id and sorted, never found by walking a sort's index in
    // search of the matches (when they are few, or all at one end of the order, that reads most rows).
    if (matches.length > 0) {
      await plan({
        enable_indexscan: 'off',
        enable_indexonlyscan: 'off',
        enable_bitmapscan: 'on',
        enable_seqscan: 'off',
      });
    }
    return { total, totalCapped, handles: matches };
  }
  // A small set's rows are read through its index and sorted; otherwise the sort's own index is
  // walked (the role's, by creation date) and every other condition tested row by row.
  const smallSet = readDriver !== undefined && readDriver.size <= SMALL_SET ? readDriver : undefined;
  const walk = { enable_seqscan: 'on', enable_indexonlyscan: 'on' } as const;
  if (smallSet) await plan({ ...walk, enable_bitmapscan: 'on' });
  else await plan({ ...walk, enable_bitmapscan: 'off', enable_sort: 'off' });
  const conditions = parts.map((part) =>
    part === smallSet || (!smallSet && part.isRole) ? part.indexed : part.tested,
  );
  if (search) {
    const scanned = search.scanned ?? sql<SqlBool>`u.rowid in (${search.indexed([], -1)})`;
    conditions.push(byId === undefined ? scanned : sql<SqlBool>`(${scanned} or u.id = ${narrowing.term})`);
  }
  return { total, totalCapped, walkCondition: andAll(conditions) };
}

/** The search's own index (trigrams, or the pair indexes for a rare pair), the other conditions tested. */
async function throughSearch(database: Database, search: Search, parts: Part[], cap: number, plan: Plan) {
  const where = parts.map((part) => (part.isRole ? part.indexed : part.tested));
  const rare = search.rare ? await search.rare(database.db) : undefined;
  if (rare) {
    await plan({ enable_seqscan: 'off' });
    return rare(where, cap);
  }
  // PostgreSQL: a plain scan of the trigram index hands over matches one by one and stops at the
  // limit; a bitmap scan (its usual choice) reads the whole index first, and the other choices
  // (a table or a sort's index, tested row by row) cost ILIKE on every row read.
  await plan(search.trigrams ? { enable_bitmapscan: 'off', enable_seqscan: 'off', enable_indexonlyscan: 'off' } : {});
  return search.indexed(where, cap);
}

/** The user whose id is the term itself, if the other conditions keep them (found by primary key). */
async function idMatch({ db, engine }: Database, term: string, parts: Part[]) {
  const handle = engine === 'postgres' ? sql.ref('u.id') : sql.ref('u.rowid');
  const tests = parts.map((part) => part.tested);
  const { rows } = await sql<{ handle: string | number }>`select ${handle} as handle from "user" u
    where u.id = ${term} and ${andAll(tests)}`.execute(db);
  return rows[0]?.handle;
}
