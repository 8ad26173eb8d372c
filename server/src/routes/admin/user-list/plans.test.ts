import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_COUNT_CAP, type AdminUserList } from '#common/admin';
import { ADMIN_ENV, signInAdmin } from '../../../testing/accounts';
import { TestClient } from '../../../testing/http-client';
import { createTestContext, ENGINES, type TestContext } from '../../../testing/test-context';

/**
 * The list answers from different plans by the share of matches (read them all through the trigram
 * index, or walk the sort's index and test rows), by role size, by depth and by cursor: every plan
 * must return the rows of the plain query it replaces, in its order, and count exactly to the cap.
 */
describe.each(ENGINES)('admin user list plans on %s', (engine) => {
  let context: TestContext;
  let admin: TestClient;
  const SURNAMES = ['Smith', 'Garcia', 'Økland', 'Kask', 'Lee'];
  const POPULATION = 2500;

  beforeAll(async () => {
    context = await createTestContext(engine, { env: ADMIN_ENV });
    admin = await signInAdmin(context.app);
    const { db } = context.database;
    const flag = engine === 'postgres' ? false : 0;
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
        emailVerified: flag,
        createdAt: engine === 'postgres' ? created.replace('Z', `${String(n % 1000).padStart(3, '0')}Z`) : created,
        updatedAt: created,
        role: n % 50 === 0 ? 'admin' : 'user',
        banned: flag,
        isAnonymous: flag,
      };
    });
    // Rare pairs of letters: at the start, inside, at the end, the whole value, and one that the
    // trigram index folds onto "sq" ("ſq") while LIKE does not.
    for (const [index, name] of ['Zq', 'Lizq', 'ZQuest Person', 'A zq b', 'Kaſqer', 'Squire'].entries())
      rows.push({ ...rows[index]!, id: `pair-${index}`, name, email: `pair${index}@zq.example` });
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('user')
        .values(rows.slice(start, start + 500))
        .execute();
  });
  afterAll(async () => context?.destroy());

  type View = {
    search?: string;
    searchField?: 'email' | 'name';
    role?: string;
    sortBy?: string;
    sortDirection?: string;
    limit?: number;
    offset?: number;
  };

  /** The plain query the list used before its plans: every match, sorted, offset. */
  async function naive(view: View) {
    const { db } = context.database;
    const { search = '', searchField = 'email', role = 'all', sortBy = 'createdAt', sortDirection = 'desc' } = view;
    const column = sql.ref(`u.${searchField}`);
    let condition = sql`1 = 1`;
    if (search && engine === 'postgres')
      condition = sql`${column} ilike ${`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
    else if (search.length >= 3)
      condition = sql`u.rowid in (select rowid from user_search where user_search match ${`{${searchField}} : "${search.replace(/"/g, '""')}"`})`;
    else if (search) condition = sql`instr(lower(${column}), ${search.toLowerCase()}) > 0`;
    const roleCondition = role === 'all' ? sql`` : sql`and u.role = ${role}`;
    const direction = sql.raw(sortDirection);
    const ids = await sql<{ id: string }>`select u.id from "user" u where ${condition} ${roleCondition}
      order by ${sql.ref(`u.${sortBy}`)} ${direction}, u.id ${direction} limit ${view.limit ?? 20} offset ${view.offset ?? 0}`.execute(
      db,
    );
    const count = await sql<{
      total: number;
    }>`select count(*) as total from "user" u where ${condition} ${roleCondition}`.execute(db);
    const total = Number(count.rows[0]!.total);
    // Only a search is counted up to the cap.
    const cap = search ? USER_COUNT_CAP : Infinity;
    return { ids: ids.rows.map((row) => row.id), total: Math.min(total, cap), totalCapped: total > cap };
  }

  const query = (view: View) =>
    new URLSearchParams(Object.entries(view).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const ours = async (view: View, cursor?: string) => {
    const response = await admin.get(
      `/api/v1/admin/users?${query(view)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status, query(view)).toBe(200);
    return response.body as AdminUserList;
  };
  const expectSame = async (view: View) => {
    const [got, expected] = await Promise.all([ours(view), naive(view)]);
    expect(
      { ids: got.users.map((user) => user.id), total: got.total, totalCapped: got.totalCapped },
      query(view),
    ).toEqual(expected);
    return got;
  };

  it('counts matches exactly up to the cap, and says when there are more', async () => {
    const few = await expectSame({ search: 'kask', searchField: 'name' });
    expect(few).toMatchObject({ total: 500, totalCapped: false });
    const many = await expectSame({ search: 'member', searchField: 'name' });
    expect(many).toMatchObject({ total: USER_COUNT_CAP, totalCapped: true });
    // Without a search the total is exact, however large.
    expect(await ours({})).toMatchObject({ total: POPULATION + 7, totalCapped: false });
  });

  it('returns the rows of the plain query for every plan, sort and depth', async () => {
    const searches: View[] = [
      {}, // no search: kept counts, a skip in the index (or by day) for deep pages
      { role: 'user' },
      { role: 'admin' },
      { search: 'kask', searchField: 'name' }, // few matches: read through the trigram index
      { search: 'KASK', searchField: 'name' },
      { search: 'Økland', searchField: 'name' }, // few, beyond ASCII
      { search: 'member', searchField: 'name' }, // many: a walk with LIKE
      { search: 'mémber', searchField: 'name' }, // many, beyond ASCII (SQLite walks with its index)
      { search: 'site', searchField: 'email' }, // many, with an "s": a walk with GLOB (and "ſite")
      { search: '.example', searchField: 'email' },
      { search: 'em', searchField: 'name' }, // two letters, many: a walk
      { search: 'ga', searchField: 'name' }, // two letters, few
      { search: 'zq', searchField: 'name' }, // two letters, rare: the pair indexes
      { search: 'ZQ', searchField: 'email' },
      { search: 'sq', searchField: 'name' },
      { search: 'qz', searchField: 'name' }, // two letters, none
      { search: '%_', searchField: 'email' },
      { search: 'member', searchField: 'name', role: 'admin' }, // a small role, read by its index
      { search: 'member', searchField: 'name', role: 'user' },
      { search: 'ga', searchField: 'name', role: 'user' },
    ];
    const orders = [
      { sortBy: 'createdAt', sortDirection: 'desc' },
      { sortBy: 'createdAt', sortDirection: 'asc' },
      { sortBy: 'name', sortDirection: 'asc' },
      { sortBy: 'email', sortDirection: 'desc' },
    ];
    for (const search of searches)
      for (const order of orders)
        for (const offset of [0, 40, 1180, POPULATION - 10, POPULATION + 40])
          await expectSame({ ...search, ...order, limit: 20, offset });
  });

  it('keeps deep pages right through removals, role changes and new users', async () => {
    const { db } = context.database;
    await db.deleteFrom('user').where('id', 'in', ['plan-00010', 'plan-00500', 'plan-01200', 'plan-02000']).execute();
    await db.updateTable('user').set({ role: 'admin' }).where('id', 'in', ['plan-00020', 'plan-01500']).execute();
    await db
      .updateTable('user')
      .set({ createdAt: engine === 'postgres' ? new Date(Date.UTC(2024, 5, 1)) : '2024-06-01T00:00:00.000Z' })
      .where('id', '=', 'plan-00030')
      .execute();
    // A sign-up of its own client: the admin's would now be signed in as the new user.
    const signUp = await new TestClient(context.app).post('/api/auth/sign-up/email', {
      email: 'late@example.com',
      password: 'late-password-1',
      name: 'Late',
    });
    expect(signUp.status).toBe(200);
    for (const role of ['all', 'user', 'admin'])
      for (const sortDirection of ['desc', 'asc'])
        for (const offset of [1001, 1500, 2400, 2490]) await expectSame({ role, sortDirection, limit: 20, offset });
  });

  it('pages forwards and back by cursor to the rows of the same offsets', async () => {
    for (const view of [
      { sortBy: 'createdAt', sortDirection: 'desc' },
      { sortBy: 'name', sortDirection: 'asc', search: 'member', searchField: 'name' as const },
      { sortBy: 'email', sortDirection: 'asc', search: 'kask', searchField: 'name' as const },
      { sortBy: 'createdAt', sortDirection: 'asc', search: 'mémber', searchField: 'name' as const, role: 'user' },
    ]) {
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
    }
    // A cursor of another order is ignored (the offset serves); a forged one is refused.
    const first = await ours({ sortBy: 'name', sortDirection: 'asc', limit: 10, offset: 0 });
    const other = await ours({ limit: 10, offset: 10 }, first.nextCursor!);
    expect(other.users.map((user) => user.id)).toEqual((await naive({ limit: 10, offset: 10 })).ids);
    const forge = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const forged = [
      'bm90LWEtY3Vyc29y',
      forge(['a', 'createdAt', 'desc', 'not a date', 'x']),
      // Dates JavaScript reads and PostgreSQL does not.
      forge(['a', 'createdAt', 'desc', '1', 'x']),
      forge(['b', 'createdAt', 'desc', 'March 7', 'x']),
      forge(['a', 'name', 'asc', 'a', 'x\u0000']),
      forge(['a', 'name', 'asc', 'a\u0000', 'x']),
      forge({ after: true }),
      forge(['a', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z']),
      forge(['c', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z', 'x']),
      forge(['a', 'createdAt', 'desc', 1_767_225_600_000, 'x']),
      'a'.repeat(1001),
    ];
    for (const cursor of forged) {
      const response = await admin.get(`/api/v1/admin/users?cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body.message, cursor).toBe('cursor is not valid');
    }
  });
});
