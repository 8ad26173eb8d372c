import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserListQuerySchema } from '#common/admin';
import { TestClient } from '../../testing/http-client';
import { createTestContext, ENGINES, type TestContext } from '../../testing/test-context';

describe.each(ENGINES)('admin API on %s', (engine) => {
  let context: TestContext;
  let admin: TestClient;
  let plain: TestClient;
  let plainId: string;

  const signUp = async (email: string, name: string, password = 'user-password-1') => {
    const client = new TestClient(context.app);
    const response = await client.post('/api/auth/sign-up/email', { email, password, name });
    expect(response.status).toBe(200);
    return { client, id: response.body.user.id as string };
  };

  beforeAll(async () => {
    context = await createTestContext(engine, {
      env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root-password-1' },
    });
    admin = new TestClient(context.app);
    await admin.post('/api/auth/sign-in/email', { email: 'root@example.com', password: 'root-password-1' });
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
    ]) {
      const response = await list(query!);
      expect(response.status, query).toBe(400);
      expect(response.body.message).toBe(message);
    }
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
    const invalid = await admin.post('/api/v1/admin/users', { email: 'nope', password: 'x', name: '' });
    expect(invalid.status).toBe(400);
  });

  it('bans: sessions end at once, sign-in says why and until when, and an expired ban lifts itself', async () => {
    const { client, id } = await signUp('banned@example.com', 'Banned');
    const ban = await admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'spam', banExpiresIn: 3600 });
    expect(ban.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();

    const signIn = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'banned@example.com',
      password: 'user-password-1',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toMatch(
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
    const after = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'banned@example.com',
      password: 'user-password-1',
    });
    expect(after.status).toBe(200);
  });

  it('impersonates a user and stops; never an admin', async () => {
    const { id } = await signUp('target@example.com', 'Target');
    const session = new TestClient(context.app);
    await session.post('/api/auth/sign-in/email', { email: 'root@example.com', password: 'root-password-1' });
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
    const second = new TestClient(context.app);
    await second.post('/api/auth/sign-in/email', { email: 'sessions@example.com', password: 'user-password-1' });
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
