import { sql, type SqlBool } from 'kysely';
import type { AdminUserList, AdminUserListQuery } from '#common/admin';
import type { Database } from '../../db/database';
import { countMatches, keptCount, type SearchCount } from './user-list/count';
import type { Cursor } from './user-list/cursor';
import { firstRowAt, SKIP_IN_INDEX } from './user-list/deep-page';
import { assemblePage, COLUMNS } from './user-list/page';
import { planner } from './user-list/planner';
import { searchFor } from './user-list/search';
import { usersIn, walkOrder } from './user-list/view';

export { decodeCursor } from './user-list/cursor';

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

  const roleTotal = await keptCount(database, role, search !== undefined);
  const count: SearchCount = search
    ? await countMatches(database, search, role, roleTotal, planner(database))
    : { total: roleTotal, totalCapped: false };

  const order = walkOrder(engine, query, cursor);
  let page = usersIn(db, role).select(COLUMNS);
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
  } else if (!search && offset > SKIP_IN_INDEX) {
    // A deep page: find its first row in the sort's index alone, then read the page from there.
    const first = await firstRowAt(database, query, role, order, offset);
    page = page.where(first ? order.beyond(first.key, first.id, true) : sql<SqlBool>`1 = 0`);
    offset = 0;
  }
  const fetched = await order
    .ordered(page.select(order.keyOf('u').as('sortKey')).limit(query.limit).offset(offset))
    .execute();
  const rows = order.backwards ? fetched.reverse() : fetched;
  return assemblePage(db, query, count, rows);
}
