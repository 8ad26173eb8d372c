import { sql, type Kysely } from 'kysely';
import type { AdminUserListQuery } from '#common/admin';
import type { Database } from '../../../db/database';
import type { DB } from '../../../db/schema';
import { usersIn, type WalkOrder } from './view';

/** Deeper than this, an offset is first skipped in an index alone (no row is read for it). */
export const SKIP_IN_INDEX = 1000;

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

/**
 * A deep page without a search: its first row (sort key and id), found in the sort's index alone,
 * so that the page is then read from there; undefined past the last row.
 */
export async function firstRowAt(
  { db, engine }: Database,
  query: AdminUserListQuery,
  role: string | undefined,
  order: WalkOrder,
  offset: number,
): Promise<{ key: string; id: string } | undefined> {
  // (The key is cast in the outer query: in the inner one, every skipped row would be cast.)
  const skipped = order.ordered(
    usersIn(db, role)
      .select(['u.id', `u.${query.sortBy}`])
      .limit(1)
      .offset(offset),
  );
  return engine === 'postgres' && query.sortBy === 'createdAt'
    ? await skipByDay(db, role, order.direction, offset)
    : await db
        .selectFrom(skipped.as('k'))
        .select([order.keyOf('k').as('key'), 'k.id'])
        .executeTakeFirst();
}
