import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { USER_COUNT_CAP, USER_FLAGS } from '#common/admin';
import { ENGINES } from '#test/test-context';
import { planFixture, POPULATION, type View } from '#test/fixtures/user-list-plan';

const ORDERS = [
  { sortBy: 'createdAt', sortDirection: 'desc' },
  { sortBy: 'createdAt', sortDirection: 'asc' },
  { sortBy: 'name', sortDirection: 'asc' },
  { sortBy: 'email', sortDirection: 'desc' },
];
const OFFSETS = [0, 40, 1180, POPULATION - 10];

/** Filters alone, together, with a role, with searches of every plan (few, many, beyond ASCII, pairs). */
const FILTERED: View[] = [
  { banned: true }, // 227 users: every match collected, the page read from them
  { banned: false }, // more than the cap: a walk along the sort's index
  { isAnonymous: true }, // six
  { isAnonymous: false }, // stored false, and never set
  { twoFactorEnabled: false, emailVerified: true },
  { twoFactorEnabled: true, role: 'admin' },
  { emailVerified: false, role: 'user' },
  { banned: false, emailVerified: true, isAnonymous: false, twoFactorEnabled: false },
  { search: 'kask', searchField: 'name', banned: false },
  { search: 'member', searchField: 'name', emailVerified: true },
  { search: 'mémber', searchField: 'name', twoFactorEnabled: true },
  { search: 'site', searchField: 'email', banned: true, emailVerified: true },
  { search: 'zq', searchField: 'name', banned: false },
  { search: 'em', searchField: 'name', isAnonymous: false, role: 'user' },
];

/**
 * The flag filters and the search by id: whichever plan the kept counts choose (a small set read
 * through its flag's index, the search's index with the flags tested, a walk along the sort's index),
 * the rows, their order and the capped count must be the plain query's.
 */
describe.each(ENGINES)('admin user list filters on %s', (engine) => {
  const { fixture, ours, expectSame, expectCursorPaging } = planFixture(engine);
  const db = () => fixture.context.database.db;

  it('filters by each flag, alone and together, with a role and with searches, as the plain query does', async () => {
    const banned = await expectSame({ banned: true });
    expect(banned).toMatchObject({ total: 227, totalCapped: false });
    expect(banned.users.every((user) => user.banned)).toBe(true);
    expect(await expectSame({ banned: false })).toMatchObject({ total: USER_COUNT_CAP, totalCapped: true });
    const guests = await expectSame({ isAnonymous: true });
    expect(guests.users.map((user) => user.isAnonymous)).toEqual(Array(6).fill(true));
    for (const view of FILTERED)
      for (const order of ORDERS)
        for (const offset of OFFSETS) await expectSame({ ...view, ...order, limit: 20, offset });
  });

  it('finds a user by their id whatever the field searched, once, and only when the filters keep them', async () => {
    // One user's id is also in their name, another's is a term every name holds.
    const base = { emailVerified: engine === 'postgres' ? false : 0, createdAt: '2024-01-01T00:00:00.000Z' };
    await db()
      .insertInto('user')
      .values([
        { ...base, id: 'idterm-1', name: 'Holder idterm-1', email: 'holder@id.example', updatedAt: base.createdAt },
        { ...base, id: 'member', name: 'Idman', email: 'idman@id.example', updatedAt: base.createdAt },
      ])
      .execute();
    try {
      const byName = await expectSame({ search: 'plan-00042', searchField: 'name' });
      expect(byName.users.map((user) => user.id)).toEqual(['plan-00042']);
      expect(byName.total).toBe(1);
      expect((await expectSame({ search: 'plan-00042', searchField: 'email', banned: false })).total).toBe(1);
      expect((await expectSame({ search: 'plan-00044', searchField: 'email', banned: false })).total).toBe(0);
      expect((await expectSame({ search: 'plan-00044', banned: true })).users.map((user) => user.id)).toEqual([
        'plan-00044',
      ]);
      expect(await expectSame({ search: 'idterm-1', searchField: 'name' })).toMatchObject({ total: 1 });
      expect((await expectSame({ search: 'PLAN-00042', searchField: 'name' })).total).toBe(0);
      // Among more matches than the cap, the walk finds them too.
      for (const order of ORDERS)
        for (const offset of [0, 1180, POPULATION - 10])
          await expectSame({ search: 'member', searchField: 'name', ...order, limit: 20, offset });
      expect(
        (await ours({ search: 'member', searchField: 'name', sortBy: 'name', sortDirection: 'asc', limit: 10 }))
          .users[0]?.id,
      ).toBe('member');
    } finally {
      await db().deleteFrom('user').where('id', 'in', ['idterm-1', 'member']).execute();
    }
  });

  it('returns the same rows whichever set the kept counts make the smallest', async () => {
    // The counts choose the plan only: made to say that every role and flag holds a million users,
    // no set is small, and searches read their own index with every filter tested.
    const inflate = async (by: number) => {
      await sql`update user_role_count set total = total + ${2 * by}`.execute(db());
      await sql`update user_flag_count set total = total + ${by}`.execute(db());
    };
    await inflate(1_000_000);
    try {
      for (const view of FILTERED)
        for (const order of ORDERS.slice(0, 3))
          for (const offset of [0, 1180]) await expectSame({ ...view, ...order, offset });
    } finally {
      await inflate(-1_000_000);
    }
  });

  it('pages forwards and back by cursor through filtered views, to the rows of the same offsets', async () => {
    for (const view of [
      { sortBy: 'createdAt', sortDirection: 'desc', emailVerified: true },
      { sortBy: 'name', sortDirection: 'asc', search: 'member', searchField: 'name' as const, twoFactorEnabled: false },
      { sortBy: 'email', sortDirection: 'asc', banned: true, role: 'user' },
    ])
      expect(await expectCursorPaging(view)).toBe(4);
  });

  it('keeps the count of each flag right through inserts, updates and deletions of many rows at once', async () => {
    const kept = async () =>
      Object.fromEntries(
        (
          await sql<{ flag: string; total: number | string }>`select flag, total from user_flag_count`.execute(db())
        ).rows.map((row) => [row.flag, Number(row.total)]),
      );
    const actual = async () => {
      const counts: Record<string, number> = {};
      for (const flag of USER_FLAGS) {
        const { rows } = await sql<{ total: number | string }>`select count(*) as total from "user"
          where ${sql.ref(flag)} is true`.execute(db());
        counts[flag] = Number(rows[0]!.total);
      }
      return counts;
    };
    expect(await kept()).toEqual(await actual());
    const on = engine === 'postgres' ? true : 1;
    await db()
      .updateTable('user')
      .set({ banned: on, twoFactorEnabled: null })
      .where('id', 'like', 'plan-001%')
      .execute();
    await db().updateTable('user').set({ emailVerified: on }).where('role', '=', 'admin').execute();
    await db().deleteFrom('user').where('id', 'like', 'plan-0023%').execute();
    expect(await kept()).toEqual(await actual());
    expect((await expectSame({ banned: true, twoFactorEnabled: false })).total).toBeGreaterThan(0);
  });
});
