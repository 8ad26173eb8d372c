import { sql, type Expression, type SqlBool } from 'kysely';
import { USER_COUNT_CAP } from '#common/admin';
import type { Database } from '../../../db/database';
import type { Plan } from './planner';
import type { Found, Search } from './search';

/** A role this small is searched by reading its own rows (through its index) one by one. */
const SMALL_ROLE = 20_000;

/**
 * The kept count per role: the total without a search, and how large a filtered role is (a search
 * over every role needs neither, and reads nothing).
 */
export async function keptCount({ db }: Database, role: string | undefined, searching: boolean): Promise<number> {
  const counts = db.selectFrom('user_role_count').select((eb) => eb.fn.sum<number>('total').as('total'));
  const kept =
    searching && !role ? undefined : await (role ? counts.where('role', '=', role) : counts).executeTakeFirst();
  return Number(kept?.total ?? 0);
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

/**
 * Collects up to USER_COUNT_CAP + 1 matches, by the quickest way for the term and the role's size
 * (`roleTotal`), and leaves the planner set for reading the page: from the matches, or by walking
 * the sort's index when there are more than the cap.
 */
export async function countMatches(
  database: Database,
  search: Search,
  role: string | undefined,
  roleTotal: number,
  plan: Plan,
): Promise<SearchCount> {
  const { db, engine } = database;
  const smallRole = role !== undefined && roleTotal <= SMALL_ROLE && search.scanned !== undefined;
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
    await plan(search.trigrams ? { enable_bitmapscan: 'off', enable_seqscan: 'off', enable_indexonlyscan: 'off' } : {});
    found = search.indexed(role, USER_COUNT_CAP + 1);
  }
  const matches = (await found.execute(db)).rows.map((row) => row.handle);
  const totalCapped = matches.length > USER_COUNT_CAP;
  const total = Math.min(matches.length, USER_COUNT_CAP);
  if (!totalCapped) return { total, totalCapped, handles: matches };
  const walkCondition = search.scanned ?? sql<SqlBool>`u.rowid in (${search.indexed(undefined, -1)})`;
  // Walk the sort's index rather than sort every match (a small role's rows are few to sort).
  const walk = { enable_seqscan: 'on', enable_indexonlyscan: 'on' } as const;
  if (smallRole) await plan(walk);
  else await plan({ ...walk, enable_bitmapscan: 'off', enable_sort: 'off' });
  return { total, totalCapped, walkCondition };
}
