import { sql, type SqlBool } from 'kysely';
import type { AdminUserList, AdminUserListQuery } from '#common/admin';
import type { Database } from '../../db/database';
import { countMatches, keptCount, type SearchCount } from './user-list/count';
import type { Cursor } from './user-list/cursor';
import { firstRowAt, SKIP_IN_INDEX } from './user-list/deep-page';
import { flagFiltersOf, flagSizes } from './user-list/filters';
import { assemblePage, COLUMNS } from './user-list/page';
import { planner, type Plan, type PlannerSettings } from './user-list/planner';
import { searchFor } from './user-list/search';
import { usersIn, walkOrder } from './user-list/view';

export { decodeCursor } from './user-list/cursor';

/**
 * A later page asked by offset alone in a view with more matches than USER_COUNT_CAP: the walk would
 * test every row before it (no index orders a substring's matches), so it is read from the page before
 * it, by its cursor, at the cost of the first (decision 0056).
 */
export class OffsetNeedsCursor extends Error {}

/**
 * One page of users with the total, searched, filtered and sorted by the database, and each user's
 * first organization (by membership date) from one more query for the whole page.
 *
 * A search or a flag filter first collects up to USER_COUNT_CAP + 1 matches. When that is all of
 * them, the page is read from those rows. When there are more, they are common: walking the sort's
 * own index and testing each row finds a page after about limit / (share of matches) rows, from the
 * start or from a cursor (`OffsetNeedsCursor`).
 */
export async function listUsers(
  database: Database,
  query: AdminUserListQuery,
  cursor?: Cursor,
): Promise<AdminUserList> {
  return (await listPage(database, query, cursor)).page;
}

/** A search or a flag filter narrows the list: its matches are counted apart from the page. */
const isNarrowed = (query: AdminUserListQuery) => Boolean(query.search) || flagFiltersOf(query).length > 0;

/** A view's count: the total, the matches a page is read from, and the planner settings to read it with. */
export interface ViewCount extends SearchCount {
  settings: PlannerSettings;
}

/**
 * A page of the view with the count it was read with. Given the count of an earlier page of the same
 * view, the page is read with it instead of counting again: an export counts once for all its batches.
 */
export async function listPage(
  database: Database,
  query: AdminUserListQuery,
  cursor: Cursor | undefined,
  counted?: ViewCount,
): Promise<{ page: AdminUserList; count: ViewCount }> {
  if (database.engine === 'postgres' && isNarrowed(query)) {
    // Planner settings for this request only (SET LOCAL), hence a transaction.
    return database.db.transaction().execute((trx) => list({ ...database, db: trx }, query, cursor, counted));
  }
  return list(database, query, cursor, counted);
}

/** The view counted: its matches found while the planner settings are noted for the pages to come. */
async function countView(database: Database, query: AdminUserListQuery, narrowed: boolean): Promise<ViewCount> {
  const role = query.role === 'all' ? undefined : query.role;
  const roleTotal = await keptCount(database, role, narrowed);
  if (!narrowed) return { total: roleTotal, totalCapped: false, settings: {} };
  const settings: PlannerSettings = {};
  const apply = planner(database);
  const plan: Plan = (next) => {
    Object.assign(settings, next);
    return apply(next);
  };
  const search = query.search ? searchFor(database, query.searchField, query.search) : undefined;
  const filters = flagFiltersOf(query);
  const filterSizes = await flagSizes(database.db, filters);
  const count = await countMatches(
    database,
    { search, term: query.search, role, roleTotal, filters, filterSizes },
    plan,
  );
  return { ...count, settings };
}

async function list(
  database: Database,
  query: AdminUserListQuery,
  cursor: Cursor | undefined,
  counted: ViewCount | undefined,
): Promise<{ page: AdminUserList; count: ViewCount }> {
  const { db, engine } = database;
  const role = query.role === 'all' ? undefined : query.role;
  const narrowed = isNarrowed(query);
  const count = counted ?? (await countView(database, query, narrowed));
  // With an earlier count, the settings it left are set again: they ended with its transaction.
  if (counted && Object.keys(counted.settings).length > 0) await planner(database)(counted.settings);
  if (count.totalCapped && !cursor && query.offset > 0) throw new OffsetNeedsCursor();

  const order = walkOrder(engine, query, cursor);
  // Narrowed, the matches or the walk's condition hold the role too, in the form the plan reads.
  let page = (narrowed ? usersIn(db, undefined) : usersIn(db, role)).select(COLUMNS);
  const { handles } = count;
  if (handles) {
    if (handles.length === 0) page = page.where(sql<SqlBool>`1 = 0`);
    else if (engine === 'postgres') page = page.where(sql<SqlBool>`u.id = any(${handles})`);
    else page = page.where(sql<SqlBool>`u.rowid in (select value from json_each(${JSON.stringify(handles)}))`);
  }
  if (count.walkCondition) page = page.where(count.walkCondition);
  let offset = query.offset;
  if (cursor) {
    page = page.where(order.beyond(cursor.key, cursor.id, false));
    offset = 0;
  } else if (!narrowed && offset > SKIP_IN_INDEX) {
    // A deep page: find its first row in the sort's index alone, then read the page from there.
    const first = await firstRowAt(database, query, role, order, offset);
    page = page.where(first ? order.beyond(first.key, first.id, true) : sql<SqlBool>`1 = 0`);
    offset = 0;
  }
  // One row more than the page says whether another follows it (walking backwards, one precedes it,
  // and the page it came from follows it): the last page offers no Next onto an empty one.
  const fetched = await order
    .ordered(
      page
        .select(order.keyOf('u').as('sortKey'))
        .limit(query.limit + 1)
        .offset(offset),
    )
    .execute();
  const more = fetched.length > query.limit;
  const rows = fetched.slice(0, query.limit);
  if (order.backwards) rows.reverse();
  const hasNext = order.backwards ? rows.length > 0 : more;
  return { page: await assemblePage(db, query, count, rows, hasNext), count };
}
