import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AdminUserListQuery } from '#common/admin';
import type { DatabaseEngine } from '../../../db/database';
import type { DB } from '../../../db/schema';
import type { Cursor } from './cursor';

/** The users of a role (every user without one), as `u`. */
export function usersIn(db: Kysely<DB>, role: string | undefined) {
  let builder = db.selectFrom('user as u');
  if (role) builder = builder.where('u.role', '=', role);
  return builder;
}

/** The view's order as this page walks it: by the sort value, then the id, both the same way. */
export function walkOrder(engine: DatabaseEngine, query: AdminUserListQuery, cursor: Cursor | undefined) {
  // Walking backwards from a "before" cursor: the reversed order, then the page turned round.
  const backwards = cursor !== undefined && !cursor.after;
  const direction = backwards ? (query.sortDirection === 'asc' ? 'desc' : 'asc') : query.sortDirection;
  const sortColumn = sql.ref(`u.${query.sortBy}`);
  const ordered = <QB extends SelectQueryBuilder<DB & { u: DB['user'] }, 'u', object>>(builder: QB): QB =>
    builder.orderBy(`u.${query.sortBy}`, direction).orderBy('u.id', direction) as QB;
  /** The rows past a row (or from it, `inclusive`) in this order. */
  const beyond = (key: string | number, id: string, inclusive: boolean) => {
    const operator = sql.raw(`${direction === 'asc' ? '>' : '<'}${inclusive ? '=' : ''}`);
    return sql<SqlBool>`(${sortColumn}, u.id) ${operator} (${key}, ${id})`;
  };
  // The sort value as the database compares it (a Date would lose PostgreSQL's microseconds).
  const keyOf = (table: 'u' | 'k') =>
    engine === 'postgres' && query.sortBy === 'createdAt'
      ? sql<string>`cast(${sql.ref(`${table}.createdAt`)} as text)`
      : sql<string>`${sql.ref(`${table}.${query.sortBy}`)}`;
  return { backwards, direction, ordered, beyond, keyOf };
}

export type WalkOrder = ReturnType<typeof walkOrder>;
