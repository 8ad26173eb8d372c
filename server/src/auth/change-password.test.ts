import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_UNCHANGED_MESSAGE } from '#common/validation';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';

const CHANGED_SUBJECT = 'Your Gatehouse password was changed';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) GatehouseTest/1.0';

describe.each(ENGINES)('change password on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });

  const change = (client: TestClient, body: Record<string, unknown>, headers?: Record<string, string>) =>
    client.post('/api/auth/change-password', body, headers);
  const notices = (email: string) =>
    suite.context.mailer.outbox!.list(email).filter((mail) => mail.subject === CHANGED_SUBJECT);
  const signInStatus = async (email: string, password: string) =>
    (await new TestClient(suite.context.app).post('/api/auth/sign-in/email', { email, password })).status;

  it('refuses a wrong current password and new passwords out of bounds or unchanged, changing nothing', async () => {
    const email = 'refused@example.com';
    const { client } = await signUp(suite.context.app, { email, password: 'kept-password-1' });
    const other = await signIn(suite.context.app, email, 'kept-password-1');
    const refusals = [
      [{ currentPassword: 'wrong-password-1', newPassword: 'new-password-1' }, 'INVALID_PASSWORD'],
      [{ currentPassword: 'kept-password-1', newPassword: 'short' }, 'PASSWORD_TOO_SHORT'],
      [{ currentPassword: 'kept-password-1', newPassword: 'x'.repeat(PASSWORD_MAX_LENGTH + 1) }, 'PASSWORD_TOO_LONG'],
      [{ currentPassword: 'kept-password-1', newPassword: 'kept-password-1' }, 'PASSWORD_UNCHANGED'],
    ] as const;
    for (const [body, code] of refusals) {
      const response = await change(client, body);
      expect(response.status, code).toBe(400);
      expect(response.body.code).toBe(code);
    }
    const unchanged = await change(client, { currentPassword: 'kept-password-1', newPassword: 'kept-password-1' });
    expect(unchanged.body.message).toBe(PASSWORD_UNCHANGED_MESSAGE);

    expect(await signInStatus(email, 'kept-password-1')).toBe(200);
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe(email);
    expect((await other.get('/api/auth/get-session')).body?.user.email).toBe(email);
    expect(notices(email)).toEqual([]);
  });

  it('refuses inputs of the wrong type', async () => {
    const { client } = await signUp(suite.context.app, { email: 'types@example.com', password: 'kept-password-1' });
    for (const body of [
      { currentPassword: 'kept-password-1', newPassword: 12345678 },
      { currentPassword: ['kept-password-1'], newPassword: 'new-password-1' },
      { currentPassword: 'kept-password-1' },
    ]) {
      expect((await change(client, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await signInStatus('types@example.com', 'kept-password-1')).toBe(200);
  });

  it("changes the password, ends every other session whatever the client asks, keeps the caller's, and mails the owner", async () => {
    const email = 'changed@example.com';
    const { client } = await signUp(suite.context.app, { email, password: 'old-password-1', name: 'Changer' });
    const other = await signIn(suite.context.app, email, 'old-password-1');
    const response = await change(
      client,
      { currentPassword: 'old-password-1', newPassword: 'new-password-1', revokeOtherSessions: false },
      { 'user-agent': BROWSER },
    );
    expect(response.status, response.text).toBe(200);

    expect((await other.get('/api/auth/get-session')).body).toBeNull();
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe(email);
    expect(await signInStatus(email, 'old-password-1')).toBe(401);
    expect(await signInStatus(email, 'new-password-1')).toBe(200);

    const [notice] = notices(email);
    expect(notice!.text).toContain('Hello Changer,');
    expect(notice!.text).toMatch(/was changed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    expect(notice!.text).toContain(`browser: ${BROWSER}`);
    expect(notice!.text).toContain('Every other session of the account has been signed out.');
    expect(notice!.text).toContain('If it was not, reset your password at once');
    expect(notice!.links).toContain(`${TEST_ORIGIN}/forgot-password`);
  });

  it('refuses a guest, a visitor, an API key and a page on another site', async () => {
    const guest = new TestClient(suite.context.app);
    await guest.post('/api/auth/sign-in/anonymous');
    const asGuest = await change(guest, { currentPassword: 'any-password-1', newPassword: 'new-password-1' });
    expect(asGuest.status).toBe(400);
    expect(asGuest.body.code).toBe('CREDENTIAL_ACCOUNT_NOT_FOUND');

    const body = { currentPassword: 'kept-password-1', newPassword: 'new-password-1' };
    const visitor = await change(new TestClient(suite.context.app), body);
    expect(visitor.status).toBe(401);

    const email = 'attacked@example.com';
    const { client } = await signUp(suite.context.app, { email, password: 'kept-password-1' });
    const { key } = (await client.post('/api/auth/api-key/create', { name: 'script', expiresIn: 86400 })).body;
    const withKey = await change(new TestClient(suite.context.app), body, { 'x-api-key': key });
    expect(withKey.status).toBe(401);

    const forged = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/auth/change-password`, {
        method: 'POST',
        headers: { cookie: client.cookieHeader, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(forged.status).toBe(403);
    expect(await signInStatus(email, 'kept-password-1')).toBe(200);
    expect(notices(email)).toEqual([]);
  });

  it('refuses a change made while impersonating', async () => {
    const email = 'impersonated@example.com';
    const { id } = await signUp(suite.context.app, { email, password: 'kept-password-1' });
    const admin = await signInAdmin(suite.context.app);
    expect(
      (await admin.post('/api/auth/admin/impersonate-user', { userId: id, reason: 'support ticket' })).status,
    ).toBe(200);
    const refused = await change(admin, { currentPassword: 'kept-password-1', newPassword: 'new-password-1' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_WHILE_IMPERSONATING');
    expect(await signInStatus(email, 'kept-password-1')).toBe(200);
  });
});
