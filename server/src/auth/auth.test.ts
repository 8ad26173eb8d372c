import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

describe.each(ENGINES)('auth on %s', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine, { env: ADMIN_ENV });
  });
  afterAll(async () => context?.destroy());

  const signUp = (client: TestClient, email: string, password = 'correct-horse-1', name = 'Ada Lovelace') =>
    client.post('/api/auth/sign-up/email', { email, password, name, callbackURL: '/profile' });

  it('signs up, then knows the session and its user', async () => {
    const client = new TestClient(context.app);
    const created = await signUp(client, 'ada@example.com');
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' });
    expect(client.cookie('better-auth.session_token')).toBeTruthy();

    const session = await client.get('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body?.user.email).toBe('ada@example.com');
    expect(session.body?.session.userId).toBe(created.body.user.id);
  });

  it('refuses a second sign-up with the same email, whatever its case', async () => {
    const client = new TestClient(context.app);
    expect((await signUp(client, 'grace@example.com')).status).toBe(200);
    const again = await signUp(new TestClient(context.app), 'Grace@Example.com');
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(again.body.message).toMatch(/already exists/i);
  });

  it('refuses a wrong password with the same answer as an unknown email', async () => {
    await signUp(new TestClient(context.app), 'alan@example.com');
    const wrong = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'alan@example.com',
      password: 'not-the-password',
    });
    const unknown = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('signs in with the right password', async () => {
    await signUp(new TestClient(context.app), 'edsger@example.com');
    const client = new TestClient(context.app);
    const signedIn = await client.post('/api/auth/sign-in/email', {
      email: 'edsger@example.com',
      password: 'correct-horse-1',
    });
    expect(signedIn.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe('edsger@example.com');
  });

  it('signs in a guest as an anonymous account', async () => {
    const client = new TestClient(context.app);
    const guest = await client.post('/api/auth/sign-in/anonymous');
    expect(guest.status).toBe(200);
    const session = await client.get('/api/auth/get-session');
    expect(session.body?.user.isAnonymous).toBe(true);
    expect(session.body?.user.role).toBe('user');
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const client = new TestClient(context.app);
    await signUp(client, 'barbara@example.com');
    const token = client.cookie('better-auth.session_token');
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();

    // Replaying the old cookie finds no session either.
    const replay = new TestClient(context.app);
    const stale = await replay.get('/api/auth/get-session', { cookie: `better-auth.session_token=${token}` });
    expect(stale.body).toBeNull();
  });

  it('ends every other session when the password changes, even if the client did not ask', async () => {
    const laptop = new TestClient(context.app);
    await signUp(laptop, 'barbara.liskov@example.com');
    const phone = new TestClient(context.app);
    await phone.post('/api/auth/sign-in/email', { email: 'barbara.liskov@example.com', password: 'correct-horse-1' });
    expect((await phone.get('/api/auth/get-session')).body?.user.email).toBe('barbara.liskov@example.com');

    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'correct-horse-1',
      newPassword: 'battery-staple-2',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toBeTruthy();
    expect((await phone.get('/api/auth/get-session')).body).toBeNull();
    expect((await laptop.get('/api/auth/get-session')).body?.user.email).toBe('barbara.liskov@example.com');
  });

  it('ends every session of a user whose password an admin sets', async () => {
    const user = new TestClient(context.app);
    const userId = (await signUp(user, 'tony@example.com')).body.user.id;
    const admin = await signInAdmin(context.app);
    const set = await admin.post('/api/auth/admin/set-user-password', { userId, newPassword: 'reset-by-admin-1' });
    expect(set.status).toBe(200);
    expect((await user.get('/api/auth/get-session')).body).toBeNull();
    await signIn(context.app, 'tony@example.com', 'reset-by-admin-1');
  });

  it('has no session without a cookie', async () => {
    const session = await new TestClient(context.app).get('/api/auth/get-session');
    expect(session.status).toBe(200);
    expect(session.body).toBeNull();
  });

  it('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, who can sign in as admin', async () => {
    const client = new TestClient(context.app);
    const signedIn = await client.post('/api/auth/sign-in/email', {
      email: 'root@example.com',
      password: 'root-password-1',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
