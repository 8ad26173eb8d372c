import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { OFFSET_NEEDS_CURSOR, USER_COUNT_CAP, USER_FLAGS, type AdminUserList, type UserFlag } from '#common/admin';
import { ADMIN_ENV, signInAdmin } from '../../../testing/accounts';
import type { TestClient } from '../../../testing/http-client';
import { createTestContext, type Engine, type TestContext } from '../../../testing/test-context';
import { encodeCursor, type Cursor } from './cursor';

export const SURNAMES = ['Smith', 'Garcia', 'Økland', 'Kask', 'Lee'];
export const POPULATION = 2500;

export type View = {
  search?: string;
  searchField?: 'email' | 'name';
  role?: string;
  sortBy?: string;
  sortDirection?: string;
  limit?: number;
  offset?: number;
} & Partial<Record<UserFlag, boolean>>;

/**
 * The users the plan tests compare the list with its plain query on: ties in creation time, names
 * and emails beyond ASCII, rare pairs of letters, and flags on in sets of every size (a few guests,
 * some banned, half verified, a third with two-factor on and a third never set).
 */
function population(engine: Engine) {
  const flag = (on: boolean) => (engine === 'postgres' ? on : on ? 1 : 0);
  const rows = Array.from({ length: POPULATION }, (_, index) => {
    const n = index + 1;
    // Ties in creation time (three users an hour, over a month of days), so the id decides;
    // microseconds on PostgreSQL.
    const created = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 3) * 3_600_000).toISOString();
    const name = `${n % 2 ? 'Mémber' : 'Member'} ${n} ${SURNAMES[n % 5]}`;
    return {
      id: `plan-${String(n).padStart(5, '0')}`,
      name: n % 7 === 0 ? name.toUpperCase() : name,
      // One email with a long s, which SQLite's trigram index folds onto "s".
      email: n === 77 ? `m${n}@ſite1.example` : `m${n}@site${n % 2}.example`,
      emailVerified: flag(n % 2 === 0),
      createdAt: engine === 'postgres' ? created.replace('Z', `${String(n % 1000).padStart(3, '0')}Z`) : created,
      updatedAt: created,
      role: n % 50 === 0 ? 'admin' : 'user',
      banned: flag(n % 11 === 0),
      isAnonymous: n % 400 === 0 ? flag(true) : n % 3 === 0 ? null : flag(false),
      twoFactorEnabled: n % 3 === 0 ? flag(true) : n % 3 === 1 ? null : flag(false),
    };
  });
  // Rare pairs of letters: at the start, inside, at the end, the whole value, and one that the
  // trigram index folds onto "sq" ("ſq") while LIKE does not.
  for (const [index, name] of ['Zq', 'Lizq', 'ZQuest Person', 'A zq b', 'Kaſqer', 'Squire'].entries())
    rows.push({ ...rows[index]!, id: `pair-${index}`, name, email: `pair${index}@zq.example` });
  return rows;
}

/**
 * A context with the population above and its admin signed in, for one `describe` block; `naive`
 * is the plain query the list's plans replace: every match, sorted, offset, counted.
 */
export function planFixture(engine: Engine) {
  const fixture = {} as { context: TestContext; admin: TestClient };
  beforeAll(async () => {
    fixture.context = await createTestContext(engine, { env: ADMIN_ENV });
    fixture.admin = await signInAdmin(fixture.context.app);
    const rows = population(engine);
    for (let start = 0; start < rows.length; start += 500)
      await fixture.context.database.db
        .insertInto('user')
        .values(rows.slice(start, start + 500))
        .execute();
  });
  afterAll(async () => fixture.context?.destroy());

  async function naive(view: View) {
    const { db } = fixture.context.database;
    const { search = '', searchField = 'email', role = 'all', sortBy = 'createdAt', sortDirection = 'desc' } = view;
    const column = sql.ref(`u.${searchField}`);
    let condition = sql`1 = 1`;
    if (search && engine === 'postgres')
      condition = sql`${column} ilike ${`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
    else if (search.length >= 3)
      condition = sql`u.rowid in (select rowid from user_search where user_search match ${`{${searchField}} : "${search.replace(/"/g, '""')}"`})`;
    else if (search) condition = sql`instr(lower(${column}), ${search.toLowerCase()}) > 0`;
    // A term that is a user's id finds them too.
    if (search) condition = sql`(${condition} or u.id = ${search})`;
    const on = sql.raw(engine === 'postgres' ? 'true' : '1');
    for (const flag of USER_FLAGS) {
      const value = view[flag];
      if (value === true) condition = sql`${condition} and ${sql.ref(`u.${flag}`)} = ${on}`;
      if (value === false)
        condition = sql`${condition} and (${sql.ref(`u.${flag}`)} is null or ${sql.ref(`u.${flag}`)} <> ${on})`;
    }
    const roleCondition = role === 'all' ? sql`` : sql`and u.role = ${role}`;
    const direction = sql.raw(sortDirection);
    const rowsFrom = (offset: number, limit: number) => {
      // The sort value as the database compares it, for a cursor.
      const key =
        engine === 'postgres' && sortBy === 'createdAt' ? sql`cast(u."createdAt" as text)` : sql.ref(`u.${sortBy}`);
      return sql<{ id: string; key: string }>`select u.id, ${key} as key from "user" u
        where ${condition} ${roleCondition}
        order by ${sql.ref(`u.${sortBy}`)} ${direction}, u.id ${direction} limit ${limit} offset ${offset}`.execute(db);
    };
    const ids = (await rowsFrom(view.offset ?? 0, view.limit ?? 20)).rows;
    const count = await sql<{
      total: number;
    }>`select count(*) as total from "user" u where ${condition} ${roleCondition}`.execute(db);
    const total = Number(count.rows[0]!.total);
    // The cursor Next gives on the page before (past the end, on the last row's page).
    const beforeAt = Math.min(view.offset ?? 0, total) - 1;
    const [before] = beforeAt < 0 ? [] : (await rowsFrom(beforeAt, 1)).rows;
    const cursor =
      before &&
      encodeCursor({
        after: true,
        sortBy: sortBy as Cursor['sortBy'],
        sortDirection: sortDirection as Cursor['sortDirection'],
        key: before.key,
        id: before.id,
      });
    // Only a search or a flag filter is counted up to the cap.
    const cap = search || USER_FLAGS.some((flag) => view[flag] !== undefined) ? USER_COUNT_CAP : Infinity;
    return { ids: ids.map((row) => row.id), total: Math.min(total, cap), totalCapped: total > cap, cursor };
  }

  const query = (view: View) =>
    new URLSearchParams(Object.entries(view).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const ours = async (view: View, cursor?: string) => {
    const response = await fixture.admin.get(
      `/api/v1/admin/users?${query(view)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status, query(view)).toBe(200);
    return response.body as AdminUserList;
  };
  /**
   * Our page of the view against the plain query's. In a view with more matches than the cap, a later
   * page by offset alone is refused: it is then asked from the row before it, as Next does.
   */
  const expectSame = async (view: View) => {
    const { cursor, ...expected } = await naive(view);
    let got: AdminUserList;
    if (expected.totalCapped && (view.offset ?? 0) > 0) {
      const refused = await fixture.admin.get(`/api/v1/admin/users?${query(view)}`);
      expect([refused.status, refused.body.message], query(view)).toEqual([400, OFFSET_NEEDS_CURSOR]);
      got = await ours(view, cursor);
    } else got = await ours(view);
    expect(
      { ids: got.users.map((user) => user.id), total: got.total, totalCapped: got.totalCapped },
      query(view),
    ).toEqual(expected);
    return got;
  };
  /**
   * Pages through the view by cursor, 50 rows at a time up to offset 200, expecting the rows of the
   * same offsets; then back from the last page to the first. The number of pages visited.
   */
  const expectCursorPaging = async (view: View) => {
    let page = await ours({ ...view, limit: 50, offset: 0 });
    const visited = [page];
    for (let offset = 50; page.nextCursor && offset < 200; offset += 50) {
      page = await ours({ ...view, limit: 50, offset }, page.nextCursor);
      expect(page.users.map((user) => user.id)).toEqual((await naive({ ...view, limit: 50, offset })).ids);
      visited.push(page);
    }
    for (let index = visited.length - 1; index > 0; index -= 1) {
      const back = await ours({ ...view, limit: 50, offset: (index - 1) * 50 }, visited[index]!.previousCursor!);
      expect(back.users.map((user) => user.id)).toEqual(visited[index - 1]!.users.map((user) => user.id));
    }
    return visited.length;
  };
  return { fixture, naive, ours, expectSame, expectCursorPaging, query };
}
