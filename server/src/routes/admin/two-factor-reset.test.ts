import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { enableTwoFactor, SESSION_COOKIE } from '#test/two-factor';

const PASSWORD = 'user-password-1';
const resetPath = (id: string) => `/api/v1/admin/users/${encodeURIComponent(id)}/two-factor/reset` as const;

/** An admin resets the second factor of a person who lost it; nobody else can. */
describe.each(ENGINES)('admin two-factor reset on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let admin: TestClient;
  beforeAll(async () => {
    admin = await signInAdmin(suite.context.app);
  });

  /** A person with two-factor on, signed in. */
  async function protectedUser(email: string) {
    const { client, id } = await signUp(suite.context.app, { email });
    await enableTwoFactor(client);
    return { client, id, email };
  }
  const stateOf = async (id: string) => {
    const { db } = suite.context.database;
    const user = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('twoFactor').select('id').where('userId', '=', id).execute();
    const sessions = await db.selectFrom('session').select('id').where('userId', '=', id).execute();
    return { enabled: Boolean(user.twoFactorEnabled), secrets: rows.length, sessions: sessions.length };
  };

  it('turns two-factor off, deletes the secret and ends every session: the password alone signs in', async () => {
    const { client, id, email } = await protectedUser('lost-phone@example.com');
    expect(await stateOf(id)).toEqual({ enabled: true, secrets: 1, sessions: 1 });
    const listed = async () => (await admin.get(`/api/v1/admin/users?search=${email}`)).body.users[0]!.twoFactorEnabled;
    expect(await listed()).toBe(true);

    const reset = await admin.post(resetPath(id));
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ data: { userId: id, twoFactorEnabled: false } });
    expect(await stateOf(id)).toEqual({ enabled: false, secrets: 0, sessions: 0 });
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
    expect(await listed()).toBe(false);

    const back = await signIn(suite.context.app, email, PASSWORD);
    expect(back.cookie(SESSION_COOKIE)).toBeDefined();
    // Nothing left to reset now.
    const again = await admin.post(resetPath(id));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('resets a set-up that was never confirmed', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'half-done@example.com' });
    expect((await client.post('/api/auth/two-factor/enable', { password: PASSWORD })).status).toBe(200);
    expect((await admin.post(resetPath(id))).status).toBe(200);
    expect((await stateOf(id)).secrets).toBe(0);
  });

  it('answers 404 for an unknown user, 400 for a bad id or the admin themselves', async () => {
    const unknown = await admin.post(resetPath('no-such-user'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
    const long = await admin.post(resetPath('x'.repeat(201)));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('id is at most 200 characters');
    const adminId = (await admin.get('/api/auth/get-session')).body!.user.id;
    const self = await admin.post(resetPath(adminId));
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Turn off your own two-factor authentication on your profile');
    expect((await admin.get(resetPath(adminId))).status).toBe(404);
  });

  it('refuses everyone but a platform admin, and changes nothing', async () => {
    const victim = await protectedUser('victim-2fa@example.com');
    const before = await stateOf(victim.id);
    const { client: plain } = await signUp(suite.context.app, { email: 'plain-2fa@example.com' });
    const guest = new TestClient(suite.context.app);
    await guest.post('/api/auth/sign-in/anonymous');
    const impersonation = new TestClient(suite.context.app);
    await impersonation.request('POST', '/api/auth/admin/impersonate-user', {
      json: { userId: (await plain.get('/api/auth/get-session')).body?.user.id, reason: 'support ticket' },
      headers: { cookie: admin.cookieHeader },
    });
    const userKey = (await plain.post('/api/auth/api-key/create', { name: 'k' })).body.key as string;
    const adminKey = (await admin.post('/api/auth/api-key/create', { name: 'k' })).body.key as string;
    const keyed = (key: string) =>
      new TestClient(suite.context.app).request('POST', resetPath(victim.id), { headers: { 'x-api-key': key } });

    const outcomes = {
      visitor: (await new TestClient(suite.context.app).post(resetPath(victim.id))).status,
      user: (await plain.post(resetPath(victim.id))).status,
      self: (await victim.client.post(resetPath(victim.id))).status,
      guest: (await guest.post(resetPath(victim.id))).status,
      impersonation: (await impersonation.post(resetPath(victim.id))).status,
      userKey: (await keyed(userKey)).status,
      adminKey: (await keyed(adminKey)).status,
      foreignOrigin: (await admin.post(resetPath(victim.id), {}, { origin: 'https://evil.example' })).status,
    };
    expect(outcomes).toEqual({
      visitor: 401,
      user: 403,
      self: 403,
      guest: 403,
      impersonation: 403,
      userKey: 403,
      adminKey: 403,
      foreignOrigin: 403,
    });
    expect(await stateOf(victim.id)).toEqual(before);
  });
});
