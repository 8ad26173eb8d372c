import { sql } from 'kysely';
import { encodeCursor } from '../server/src/routes/admin/user-list/cursor';
import type { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';

/**
 * The cursor Next gives on the page before a deep page of a search with more matches than its count
 * (where an offset alone is refused): that page's last row, found in SQL, encoded as the list does.
 */
async function cursorBefore(context: TestContext, params: URLSearchParams): Promise<string> {
  const { db, engine } = context.database;
  const key = engine === 'postgres' ? sql`cast(u."createdAt" as text)` : sql.ref('u.createdAt');
  const like = sql.raw(engine === 'postgres' ? 'ilike' : 'like');
  const { rows } = await sql<{ key: string; id: string }>`select ${key} as key, u.id from "user" u
    where ${sql.ref(`u.${params.get('searchField')}`)} ${like} ${`%${params.get('search')}%`}
    order by u."createdAt" desc, u.id desc limit 1 offset ${Number(params.get('offset')) - 1}`.execute(db);
  const [row] = rows;
  if (!row) throw new Error(`no row before ${params}`);
  return encodeCursor({ after: true, sortBy: 'createdAt', sortDirection: 'desc', key: row.key, id: row.id });
}

/** The query of a "next" case: the previous page's cursor added to it. */
export async function viaCursor(context: TestContext, client: TestClient, query: string): Promise<string> {
  const params = new URLSearchParams(query);
  const limit = Number(params.get('limit') ?? 20);
  params.set('offset', String(Number(params.get('offset')) - limit));
  const previous = await client.get(`/api/v1/admin/users?${params}`);
  if (previous.status === 400) return `${query}&cursor=${await cursorBefore(context, new URLSearchParams(query))}`;
  // An endpoint without cursors (an older build) is timed by its offset alone.
  if (!previous.body.nextCursor) return query;
  return `${query}&cursor=${encodeURIComponent(previous.body.nextCursor)}`;
}
