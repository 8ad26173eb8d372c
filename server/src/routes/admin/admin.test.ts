import { describe, expect, it } from 'vitest';
import { signIn, signInAdmin } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { ENGINES } from '#test/test-context';
import { adminApiPerSuite } from '#test/fixtures/admin';

/** Who may use the admin API, and the users and organizations an admin makes, bans, impersonates. */
describe.each(ENGINES)('admin API on %s', (engine) => {
  const api = adminApiPerSuite(engine);
  const { list, signUp } = api;

  it('answers 403 to a user-role caller on every admin endpoint, whatever they send', async () => {
    const ours = [
      api.plain.get('/api/v1/admin/users'),
      api.plain.post('/api/v1/admin/users', { email: 'x@example.com', password: 'x-password-1', name: 'X' }),
      api.plain.get('/api/v1/admin/organizations'),
      api.plain.post('/api/v1/admin/organizations', { name: 'Nope' }),
    ];
    for (const response of await Promise.all(ours)) expect(response.status).toBe(403);
    const betterAuth = [
      api.plain.get('/api/auth/admin/list-users'),
      api.plain.post('/api/auth/admin/create-user', {
        email: 'y@example.com',
        password: 'y-password-1',
        name: 'Y',
        role: 'admin',
      }),
      api.plain.post('/api/auth/admin/set-role', { userId: api.plainId, role: 'admin' }),
      api.plain.post('/api/auth/admin/update-user', { userId: api.plainId, data: { role: 'admin' } }),
      api.plain.post('/api/auth/admin/ban-user', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/unban-user', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/impersonate-user', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/remove-user', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/list-user-sessions', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/revoke-user-sessions', { userId: api.plainId }),
      api.plain.post('/api/auth/admin/set-user-password', { userId: api.plainId, newPassword: 'new-password-1' }),
    ];
    for (const response of await Promise.all(betterAuth)) expect(response.status).toBe(403);
    expect((await api.plain.get('/api/auth/get-session')).body?.user.role).toBe('user');
    expect((await new TestClient(api.context.app).get('/api/v1/admin/users')).status).toBe(401);
  });

  it('creates a user in an organization, shown in the Organization column', async () => {
    const organization = await api.admin.post('/api/v1/admin/organizations', { name: '  Umbrella Corp ' });
    expect(organization.status).toBe(201);
    expect(organization.body.data).toMatchObject({ name: 'Umbrella Corp', slug: 'umbrella-corp' });
    const again = await api.admin.post('/api/v1/admin/organizations', { name: 'Umbrella Corp' });
    expect(again.body.data.slug).toBe('umbrella-corp-2');
    expect((await api.admin.post('/api/v1/admin/organizations', { name: '   ' })).status).toBe(400);

    const created = await api.admin.post('/api/v1/admin/users', {
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

    const organizations = await api.admin.get('/api/v1/admin/organizations');
    expect(organizations.body.data.find((row: { id: string }) => row.id === organization.body.data.id)).toMatchObject({
      memberCount: 2,
      teamCount: 1,
    });
  });

  it('creates nothing when the organization does not exist or the email is taken', async () => {
    const missing = await api.admin.post('/api/v1/admin/users', {
      email: 'ghost@example.com',
      password: 'ghost-password-1',
      name: 'Ghost',
      organizationId: 'no-such-organization',
    });
    expect(missing.status).toBe(404);
    expect((await list('search=ghost@example.com')).body.total).toBe(0);
    const taken = await api.admin.post('/api/v1/admin/users', {
      email: 'ada@analytical.example',
      password: 'ada-password-1',
      name: 'Ada',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/already exists/i);
    // Better Auth's own code, not a generic one: the console can tell this refusal from others.
    expect(taken.body.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    const invalid = await api.admin.post('/api/v1/admin/users', { email: 'nope', password: 'x', name: '' });
    expect(invalid.status).toBe(400);
  });

  it('bans: sessions end at once, sign-in says why and until when, and an expired ban lifts itself', async () => {
    const { client, id } = await signUp('banned@example.com', 'Banned');
    const ban = await api.admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'spam', banExpiresIn: 3600 });
    expect(ban.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();

    const refused = await new TestClient(api.context.app).post('/api/auth/sign-in/email', {
      email: 'banned@example.com',
      password: 'user-password-1',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^You have been banned from this application\. Reason: spam\. The ban ends on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );

    const impersonate = await api.admin.post('/api/auth/admin/impersonate-user', { userId: id, reason: 'spam report' });
    expect(impersonate.status).toBe(400);
    expect(impersonate.body).toMatchObject({
      code: 'BANNED_USER_NOT_IMPERSONATED',
      message: 'A banned user cannot be impersonated',
    });

    const past = new Date(Date.now() - 1000);
    await api.context.database.db
      .updateTable('user')
      .set({ banExpires: api.context.database.engine === 'sqlite' ? past.toISOString() : past })
      .where('id', '=', id)
      .execute();
    await signIn(api.context.app, 'banned@example.com', 'user-password-1');
  });

  it('impersonates a user and stops; never an admin', async () => {
    const { id } = await signUp('target@example.com', 'Target');
    const session = await signInAdmin(api.context.app);
    const adminId = (await session.get('/api/auth/get-session')).body?.user.id;

    expect(
      (await session.post('/api/auth/admin/impersonate-user', { userId: id, reason: 'support ticket' })).status,
    ).toBe(200);
    const as = await session.get('/api/auth/get-session');
    expect(as.body?.user.email).toBe('target@example.com');
    expect(as.body?.session.impersonatedBy).toBe(adminId);

    expect((await session.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect((await session.get('/api/auth/get-session')).body?.user.email).toBe('root@example.com');

    const otherAdmin = await signUp('second-admin@example.com', 'Second Admin');
    await api.admin.post('/api/auth/admin/set-role', { userId: otherAdmin.id, role: 'admin' });
    const refused = await session.post('/api/auth/admin/impersonate-user', {
      userId: otherAdmin.id,
      reason: 'support ticket',
    });
    expect(refused.status).toBe(403);
  });

  it('lists and revokes sessions, one or all', async () => {
    const { id } = await signUp('sessions@example.com', 'Sessions');
    const second = await signIn(api.context.app, 'sessions@example.com', 'user-password-1');
    const listed = await api.admin.post('/api/auth/admin/list-user-sessions', { userId: id });
    expect(listed.body.sessions).toHaveLength(2);
    const one = await api.admin.post('/api/auth/admin/revoke-user-session', {
      sessionToken: listed.body.sessions[0]!.token,
    });
    expect(one.status).toBe(200);
    expect((await api.admin.post('/api/auth/admin/list-user-sessions', { userId: id })).body.sessions).toHaveLength(1);
    await api.admin.post('/api/auth/admin/revoke-user-sessions', { userId: id });
    expect((await api.admin.post('/api/auth/admin/list-user-sessions', { userId: id })).body.sessions).toHaveLength(0);
    expect((await second.get('/api/auth/get-session')).body).toBeNull();
  });
});
