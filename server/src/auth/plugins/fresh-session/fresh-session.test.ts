import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { contextPerSuite } from '#test/suite';
import { ageSessions } from '#test/stale-sessions';

const PASSWORD = 'fresh-password-1';
const SESSION_COOKIE = 'better-auth.session_token';
const uniqueEmail = (label: string) => `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;

async function person(context: TestContext, label: string) {
  const email = uniqueEmail(label);
  const { client, id } = await signUp(context.app, { email, password: PASSWORD });
  return { client, id, email };
}

const currentToken = async (client: TestClient) =>
  (await client.get('/api/auth/get-session')).body?.session?.token as string | undefined;

describe.each(ENGINES)('fresh session on %s', (engine) => {
  const suite = contextPerSuite(engine);

  it('refuses the session list once the session is older than a day, and lists it again after the password', async () => {
    const { client, id } = await person(suite.context, 'stale');
    expect((await client.get('/api/auth/list-sessions')).status).toBe(200);
    await ageSessions(suite.context, id);
    const stale = await client.get('/api/auth/list-sessions');
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('SESSION_NOT_FRESH');

    const confirmed = await client.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ status: true });
    const listed = await client.get('/api/auth/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
  });

  it('replaces the session: a new cookie, the old one refused at once, the session count unchanged', async () => {
    const { client, id } = await person(suite.context, 'replace');
    const otherBrowser = await signIn(
      suite.context.app,
      (await client.get('/api/auth/get-session')).body!.user.email,
      PASSWORD,
    );
    const oldCookie = client.cookieHeader;
    const oldToken = await currentToken(client);
    const confirmed = await client.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(confirmed.status, confirmed.text).toBe(200);
    const newToken = await currentToken(client);
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(oldToken);
    expect(
      (await new TestClient(suite.context.app).get('/api/auth/get-session', { cookie: oldCookie })).body,
    ).toBeNull();
    expect((await new TestClient(suite.context.app).get('/api/v1/me', { cookie: oldCookie })).status).toBe(401);
    // The other browser's session is not this one's to end.
    expect((await otherBrowser.get('/api/auth/get-session')).body?.user?.id).toBe(id);
    const rows = await suite.context.database.db
      .selectFrom('session')
      .select('token')
      .where('userId', '=', id)
      .execute();
    expect(rows.map((row) => row.token).sort()).toEqual([newToken, await currentToken(otherBrowser)].sort());
  });

  it('keeps the new session with the browser and its address, as a sign-in would', async () => {
    const { client } = await person(suite.context, 'agent');
    const confirmed = await client.request('POST', '/api/auth/fresh-session', {
      json: { password: PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const session = (await client.get('/api/auth/get-session')).body!.session;
    expect(session.userAgent).toContain('Firefox/128.0');
    expect(new Date(session.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a wrong password with INVALID_PASSWORD, and the session stays as it was (still stale)', async () => {
    const { client, id } = await person(suite.context, 'wrong');
    await ageSessions(suite.context, id);
    const token = await currentToken(client);
    const cookie = client.cookie(SESSION_COOKIE);
    const wrong = await client.post('/api/auth/fresh-session', { password: 'not-the-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect(wrong.headers.getSetCookie().some((value) => value.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(client.cookie(SESSION_COOKIE)).toBe(cookie);
    expect(await currentToken(client)).toBe(token);
    expect((await client.get('/api/auth/list-sessions')).status).toBe(403);
  });

  it('answers an account without a password (a guest) with CREDENTIAL_ACCOUNT_NOT_FOUND, and no session changes', async () => {
    const guest = new TestClient(suite.context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const token = await currentToken(guest);
    const response = await guest.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CREDENTIAL_ACCOUNT_NOT_FOUND');
    expect(await currentToken(guest)).toBe(token);
  });

  it('ends the session a browser held when it signs in again to the same account; another account keeps its own', async () => {
    const { client, email } = await person(suite.context, 'again');
    const other = await person(suite.context, 'someone-else');
    const before = client.cookieHeader;
    const again = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(again.status, again.text).toBe(200);
    expect((await new TestClient(suite.context.app).get('/api/auth/get-session', { cookie: before })).body).toBeNull();
    expect((await client.get('/api/auth/get-session')).body?.user.email).toBe(email);

    // Signing in to another account from a browser holding `other`'s session leaves that session be.
    const otherCookie = other.client.cookieHeader;
    const switched = await other.client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(switched.status).toBe(200);
    const kept = await new TestClient(suite.context.app).get('/api/auth/get-session', { cookie: otherCookie });
    expect(kept.body?.user.id).toBe(other.id);
  });
});

describe('fresh session rate limit', () => {
  const suite = contextPerSuite('sqlite', { env: { UNSAFE_DISABLE_RATE_LIMIT: 'false' } });

  it('slows password guessing as sign-in does: the fourth attempt within 10 s from one address gets 429', async () => {
    const from = `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const { client } = await signUp(suite.context.app, { email: uniqueEmail('guess'), password: PASSWORD });
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await client.post(
        '/api/auth/fresh-session',
        { password: `guess-${attempt}-password` },
        { 'x-forwarded-for': from },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
