import { describe, expect, it } from 'vitest';
import { USER_COUNT_CAP } from '#common/admin';
import { TestClient } from '#test/http-client';
import { ENGINES } from '#test/test-context';
import { planFixture, POPULATION, type View } from '#test/fixtures/user-list-plan';

/**
 * The list answers from different plans by the share of matches (read them all through the trigram
 * index, or walk the sort's index and test rows), by role size, by depth and by cursor: every plan
 * must return the rows of the plain query it replaces, in its order, and count exactly to the cap.
 */
describe.each(ENGINES)('admin user list plans on %s', (engine) => {
  const { fixture, naive, ours, expectSame, expectCursorPaging, query } = planFixture(engine);

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
    const { db } = fixture.context.database;
    await db.deleteFrom('user').where('id', 'in', ['plan-00010', 'plan-00500', 'plan-01200', 'plan-02000']).execute();
    await db.updateTable('user').set({ role: 'admin' }).where('id', 'in', ['plan-00020', 'plan-01500']).execute();
    await db
      .updateTable('user')
      .set({ createdAt: engine === 'postgres' ? new Date(Date.UTC(2024, 5, 1)) : '2024-06-01T00:00:00.000Z' })
      .where('id', '=', 'plan-00030')
      .execute();
    // A sign-up of its own client: the admin's would now be signed in as the new user.
    const signUp = await new TestClient(fixture.context.app).post('/api/auth/sign-up/email', {
      email: 'late@example.com',
      password: 'late-password-1',
      name: 'Late',
    });
    expect(signUp.status).toBe(200);
    for (const role of ['all', 'user', 'admin'])
      for (const sortDirection of ['desc', 'asc'])
        for (const offset of [1001, 1500, 2400, 2490]) await expectSame({ role, sortDirection, limit: 20, offset });
  });

  it('pages by cursor to the last row, whose page offers no Next, whether it is full or not', async () => {
    const views: View[] = [
      { search: 'kask', searchField: 'name' }, // 500 matches: the last page of 100 is full
      { search: 'site', searchField: 'email', sortBy: 'name', sortDirection: 'asc' }, // more than the cap: a walk
      { role: 'admin', sortDirection: 'asc' }, // no search: 50 and a few, the last page short
    ];
    for (const view of views) {
      const all = await naive({ ...view, limit: POPULATION + 100, offset: 0 });
      const seen: string[] = [];
      let page = await ours({ ...view, limit: 100, offset: 0 });
      for (;;) {
        expect(page.users.length, query(view)).toBeGreaterThan(0);
        seen.push(...page.users.map((user) => user.id));
        if (!page.nextCursor) break;
        page = await ours({ ...view, limit: 100, offset: seen.length }, page.nextCursor);
      }
      expect(seen, query(view)).toEqual(all.ids);
    }
  });

  it('pages forwards and back by cursor to the rows of the same offsets', async () => {
    for (const view of [
      { sortBy: 'createdAt', sortDirection: 'desc' },
      { sortBy: 'name', sortDirection: 'asc', search: 'member', searchField: 'name' as const },
      { sortBy: 'email', sortDirection: 'asc', search: 'kask', searchField: 'name' as const },
      { sortBy: 'createdAt', sortDirection: 'asc', search: 'mémber', searchField: 'name' as const, role: 'user' },
    ])
      await expectCursorPaging(view);
    // A cursor of another order is ignored (the offset serves); a forged one is refused.
    const first = await ours({ sortBy: 'name', sortDirection: 'asc', limit: 10, offset: 0 });
    const other = await ours({ limit: 10, offset: 10 }, first.nextCursor!);
    expect(other.users.map((user) => user.id)).toEqual((await naive({ limit: 10, offset: 10 })).ids);
    // A cursor of the user list's shape with values of our choosing (an array), or any JSON at all.
    const forge = (parts: unknown, list = 'users') =>
      Buffer.from(JSON.stringify(Array.isArray(parts) ? [list, ...parts] : parts)).toString('base64url');
    const forged = [
      'bm90LWEtY3Vyc29y',
      forge(['a', 'createdAt', 'desc', 'not a date', 'x']),
      // Dates JavaScript reads and PostgreSQL does not.
      forge(['a', 'createdAt', 'desc', '1', 'x']),
      forge(['b', 'createdAt', 'desc', 'March 7', 'x']),
      forge(['a', 'createdAt', 'desc', '2030-02-30T00:00:00Z', 'x']),
      forge(['a', 'createdAt', 'desc', '0000-01-01T00:00:00Z', 'x']),
      forge(['a', 'name', 'asc', 'a', 'x\u0000']),
      forge(['a', 'name', 'asc', 'a\u0000', 'x']),
      forge({ after: true }),
      forge(['a', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z']),
      forge(['c', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z', 'x']),
      forge(['a', 'createdAt', 'desc', 1_767_225_600_000, 'x']),
      'a'.repeat(1001),
      // Another list's cursor, and this list's values without its name.
      forge(['2026-01-01T00:00:00.000Z', 'x'], 'organization-members'),
      forge(['a', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z', 'x'], 'audit'),
      Buffer.from(JSON.stringify(['a', 'createdAt', 'desc', '2026-01-01T00:00:00.000Z', 'x'])).toString('base64url'),
    ];
    for (const cursor of forged) {
      const response = await fixture.admin.get(`/api/v1/admin/users?cursor=${cursor}`);
      expect([response.status, response.body.code, response.body.message], cursor).toEqual([
        400,
        'CURSOR_NOT_VALID',
        'cursor is not valid',
      ]);
    }
  });
});
