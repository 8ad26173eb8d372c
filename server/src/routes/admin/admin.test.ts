import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserListQuerySchema, USER_COUNT_CAP, type AdminUserList } from '#common/admin';
import { ADMIN_ENV, signIn, signInAdmin, signUp as signUpAccount } from '../../testing/accounts';
import { TestClient } from '../../testing/http-client';
import { createTestContext, ENGINES, type TestContext } from '../../testing/test-context';
import { sqliteGlobFor } from './user-list';

describe.each(ENGINES)('admin API on %s', (engine) => {
  let context: TestContext;
  let admin: TestClient;
  let plain: TestClient;
  let plainId: string;

  const signUp = (email: string, name: string) => signUpAccount(context.app, { email, name });

  beforeAll(async () => {
    context = await createTestContext(engine, { env: ADMIN_ENV });
    admin = await signInAdmin(context.app);
    ({ client: plain, id: plainId } = await signUp('plain@example.com', 'Plain User'));
    // A population to search through.
    for (const [name, email] of [
      ['Ada Lovelace', 'ada@analytical.example'],
      ['Alan Turing', 'alan@bletchley.example'],
      ['Grace Hopper', 'grace@navy.example'],
      ['Barbara Liskov', 'barbara@mit.example'],
      ['Edsger Dijkstra', 'edsger@tue.example'],
    ]) {
      await signUp(email!, name!);
    }
  });
  afterAll(async () => context?.destroy());

  const list = (query: string, client = admin) => client.get(`/api/v1/admin/users?${query}`);

  it('answers 403 to a user-role caller on every admin endpoint, whatever they send', async () => {
    const ours = [
      plain.get('/api/v1/admin/users'),
      plain.post('/api/v1/admin/users', { email: 'x@example.com', password: 'x-password-1', name: 'X' }),
      plain.get('/api/v1/admin/organizations'),
      plain.post('/api/v1/admin/organizations', { name: 'Nope' }),
    ];
    for (const response of await Promise.all(ours)) expect(response.status).toBe(403);
    const betterAuth = [
      plain.get('/api/auth/admin/list-users'),
      plain.post('/api/auth/admin/create-user', {
        email: 'y@example.com',
        password: 'y-password-1',
        name: 'Y',
        role: 'admin',
      }),
      plain.post('/api/auth/admin/set-role', { userId: plainId, role: 'admin' }),
      plain.post('/api/auth/admin/update-user', { userId: plainId, data: { role: 'admin' } }),
      plain.post('/api/auth/admin/ban-user', { userId: plainId }),
      plain.post('/api/auth/admin/unban-user', { userId: plainId }),
      plain.post('/api/auth/admin/impersonate-user', { userId: plainId }),
      plain.post('/api/auth/admin/remove-user', { userId: plainId }),
      plain.post('/api/auth/admin/list-user-sessions', { userId: plainId }),
      plain.post('/api/auth/admin/revoke-user-sessions', { userId: plainId }),
      plain.post('/api/auth/admin/set-user-password', { userId: plainId, newPassword: 'new-password-1' }),
    ];
    for (const response of await Promise.all(betterAuth)) expect(response.status).toBe(403);
    expect((await plain.get('/api/auth/get-session')).body.user.role).toBe('user');
    expect((await new TestClient(context.app).get('/api/v1/admin/users')).status).toBe(401);
  });

  it('lists users newest first with the total, paginated by offset', async () => {
    const first = await list('limit=10&offset=0');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(7);
    const dates = first.body.users.map((user: { createdAt: string }) => Date.parse(user.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first.body.users[0].email).toBe('edsger@tue.example');

    const page = await list('limit=10&offset=5');
    expect(page.body.users.map((user: { email: string }) => user.email)).toEqual(
      first.body.users.slice(5).map((user: { email: string }) => user.email),
    );
  });

  it('searches email or name, anywhere in the text, case-insensitively', async () => {
    const byEmail = await list('search=BLETCH&searchField=email');
    expect(byEmail.body).toMatchObject({ total: 1, users: [{ name: 'Alan Turing' }] });
    const byName = await list('search=hopp&searchField=name');
    expect(byName.body.users.map((user: { email: string }) => user.email)).toEqual(['grace@navy.example']);
    const short = await list('search=ov&searchField=name');
    expect(short.body.users.map((user: { name: string }) => user.name).sort()).toEqual([
      'Ada Lovelace',
      'Barbara Liskov',
    ]);
    const wildcards = await list(`search=${encodeURIComponent('%_')}&searchField=email`);
    expect(wildcards.body.total).toBe(0);
    const quotes = await list(`search=${encodeURIComponent('a"b')}&searchField=name`);
    expect(quotes.status).toBe(200);
    expect(quotes.body.total).toBe(0);
  });

  it('filters by role and sorts by name', async () => {
    const admins = await list('role=admin');
    expect(admins.body.users.map((user: { email: string }) => user.email)).toEqual(['root@example.com']);
    const users = await list('role=user&sortBy=name&sortDirection=asc');
    expect(users.body.total).toBe(6);
    expect(users.body.users[0].name).toBe('Ada Lovelace');
  });

  it('follows an edit at once in search', async () => {
    const { id } = await signUp('rename@example.com', 'Before Rename');
    await admin.post('/api/auth/admin/update-user', { userId: id, data: { name: 'After Rename' } });
    expect((await list('search=Before&searchField=name')).body.total).toBe(0);
    expect((await list('search=After Rename&searchField=name')).body.total).toBe(1);
    await admin.post('/api/auth/admin/remove-user', { userId: id });
    expect((await list('search=After Rename&searchField=name')).body.total).toBe(0);
  });

  it('keeps the totals right through sign-ups, role changes and removals', async () => {
    const totals = async () => {
      const [all, admins, users] = await Promise.all([list(''), list('role=admin'), list('role=user')]);
      return { all: all.body.total, admins: admins.body.total, users: users.body.total };
    };
    const before = await totals();
    const { id } = await signUp('counted@example.com', 'Counted');
    expect(await totals()).toEqual({ all: before.all + 1, admins: before.admins, users: before.users + 1 });
    await admin.post('/api/auth/admin/set-role', { userId: id, role: 'admin' });
    expect(await totals()).toEqual({ all: before.all + 1, admins: before.admins + 1, users: before.users });
    await admin.post('/api/auth/admin/remove-user', { userId: id });
    expect(await totals()).toEqual(before);
  });

  it('refuses a malformed view with a 400 naming the field', async () => {
    for (const [query, message] of [
      ['limit=15', 'limit must be 10, 20, 50 or 100'],
      ['sortBy=password', 'sortBy must be createdAt, name or email'],
      ['offset=-1', 'offset must be 0 or more'],
      ['role=root', 'role must be all, user or admin'],
      ['searchField=id', 'searchField must be email or name'],
    ])
      expect(await list(query!), query).toMatchObject({ status: 400, body: { message } });
    // Behind the input guard, the view's own schema refuses control characters too.
    const parsed = adminUserListQuerySchema.safeParse({ search: 'ab\u0000c' });
    expect(parsed.error?.issues[0]?.message).toBe('search must not contain control characters');
  });

  it('creates a user in an organization, shown in the Organization column', async () => {
    const organization = await admin.post('/api/v1/admin/organizations', { name: '  Umbrella Corp ' });
    expect(organization.status).toBe(201);
    expect(organization.body.data).toMatchObject({ name: 'Umbrella Corp', slug: 'umbrella-corp' });
    const again = await admin.post('/api/v1/admin/organizations', { name: 'Umbrella Corp' });
    expect(again.body.data.slug).toBe('umbrella-corp-2');
    expect((await admin.post('/api/v1/admin/organizations', { name: '   ' })).status).toBe(400);

    const created = await admin.post('/api/v1/admin/users', {
      email: 'alice@umbrella.example',
      password: 'alice-password-1',
      name: 'Alice',
      role: 'user',
      emailVerified: true,
      organizationId: organization.body.data.id,
    });
    expect(created.status).toBe(201);
    const found = await list('search=umbrella.example&searchField=email');
    expect(found.body.users).toMatchObject([
      {
        email: 'alice@umbrella.example',
        emailVerified: true,
        organizationName: 'Umbrella Corp',
        organizationId: organization.body.data.id,
        organizationRole: 'member',
      },
    ]);

    const organizations = await admin.get('/api/v1/admin/organizations');
    expect(organizations.body.data.find((row: { id: string }) => row.id === organization.body.data.id)).toMatchObject({
      memberCount: 2,
      teamCount: 1,
    });
  });

  it('creates nothing when the organization does not exist or the email is taken', async () => {
    const missing = await admin.post('/api/v1/admin/users', {
      email: 'ghost@example.com',
      password: 'ghost-password-1',
      name: 'Ghost',
      organizationId: 'no-such-organization',
    });
    expect(missing.status).toBe(404);
    expect((await list('search=ghost@example.com')).body.total).toBe(0);
    const taken = await admin.post('/api/v1/admin/users', {
      email: 'ada@analytical.example',
      password: 'ada-password-1',
      name: 'Ada',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/already exists/i);
    // Better Auth's own code, not a generic one: the console can tell this refusal from others.
    expect(taken.body.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    const invalid = await admin.post('/api/v1/admin/users', { email: 'nope', password: 'x', name: '' });
    expect(invalid.status).toBe(400);
  });

  it('bans: sessions end at once, sign-in says why and until when, and an expired ban lifts itself', async () => {
    const { client, id } = await signUp('banned@example.com', 'Banned');
    const ban = await admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'spam', banExpiresIn: 3600 });
    expect(ban.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();

    const refused = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'banned@example.com',
      password: 'user-password-1',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^You have been banned from this application\. Reason: spam\. The ban ends on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );

    const impersonate = await admin.post('/api/auth/admin/impersonate-user', { userId: id });
    expect(impersonate.status).toBe(400);
    expect(impersonate.body.message).toBe('A banned user cannot be impersonated');

    const past = new Date(Date.now() - 1000);
    await context.database.db
      .updateTable('user')
      .set({ banExpires: context.database.engine === 'sqlite' ? past.toISOString() : past })
      .where('id', '=', id)
      .execute();
    await signIn(context.app, 'banned@example.com', 'user-password-1');
  });

  it('impersonates a user and stops; never an admin', async () => {
    const { id } = await signUp('target@example.com', 'Target');
    const session = await signInAdmin(context.app);
    const adminId = (await session.get('/api/auth/get-session')).body.user.id;

    expect((await session.post('/api/auth/admin/impersonate-user', { userId: id })).status).toBe(200);
    const as = await session.get('/api/auth/get-session');
    expect(as.body.user.email).toBe('target@example.com');
    expect(as.body.session.impersonatedBy).toBe(adminId);

    expect((await session.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect((await session.get('/api/auth/get-session')).body.user.email).toBe('root@example.com');

    const otherAdmin = await signUp('second-admin@example.com', 'Second Admin');
    await admin.post('/api/auth/admin/set-role', { userId: otherAdmin.id, role: 'admin' });
    const refused = await session.post('/api/auth/admin/impersonate-user', { userId: otherAdmin.id });
    expect(refused.status).toBe(403);
  });

  it('lists and revokes sessions, one or all', async () => {
    const { id } = await signUp('sessions@example.com', 'Sessions');
    const second = await signIn(context.app, 'sessions@example.com', 'user-password-1');
    const listed = await admin.post('/api/auth/admin/list-user-sessions', { userId: id });
    expect(listed.body.sessions).toHaveLength(2);
    const one = await admin.post('/api/auth/admin/revoke-user-session', {
      sessionToken: listed.body.sessions[0].token,
    });
    expect(one.status).toBe(200);
    expect((await admin.post('/api/auth/admin/list-user-sessions', { userId: id })).body.sessions).toHaveLength(1);
    await admin.post('/api/auth/admin/revoke-user-sessions', { userId: id });
    expect((await admin.post('/api/auth/admin/list-user-sessions', { userId: id })).body.sessions).toHaveLength(0);
    expect((await second.get('/api/auth/get-session')).body).toBeNull();
  });
});

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

describe('SQLite trigram search', () => {
  it('knows every character the trigram index folds onto an ASCII letter', () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec(`create virtual table t using fts5(x, tokenize = 'trigram');
      with recursive c(n) as (select 128 union all select n + 1 from c where n < 131071)
      insert into t (rowid, x) select n, char(n) || 'zz' from c where n not between 55296 and 57343`);
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const folded = sqlite.prepare(`select x from t where t match ?`).all(`"${letter}zz"`) as Array<{ x: string }>;
      const glob = sqliteGlobFor(letter)!;
      for (const { x } of folded) expect(glob.includes(x[0]!), `${x[0]} folds onto ${letter}`).toBe(true);
    }
    sqlite.close();
  });
});
