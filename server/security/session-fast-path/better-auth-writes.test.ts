import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { createTestContext, type TestContext } from '#test/test-context';
import { PASSWORD, plainUser, type Person } from '../support/principals';
import { check, expectRefused, expectServedFast, headersOf } from './checks';

describe.each(['sqlite', 'postgres'] as const)('what only Better Auth may write (%s)', (engine) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(engine);
  });
  afterAll(async () => context?.destroy());

  const setExpiry = (token: string, expiresAt: Date) =>
    context.database.db
      .updateTable('session')
      .set({ expiresAt: engine === 'sqlite' ? expiresAt.toISOString() : expiresAt })
      .where('token', '=', token)
      .execute();
  /** A new session of the person with "remember me" off, and its token. */
  const signInNotRemembered = async (person: Person) => {
    const client = new TestClient(context.app);
    const signedIn = await client.post('/api/auth/sign-in/email', {
      email: person.email,
      password: PASSWORD,
      rememberMe: false,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(client.cookieHeader).toMatch(/dont_remember=/);
    return { client, token: (await client.get('/api/auth/get-session')).body?.session.token as string };
  };
  const tokenOf = async (person: Person) =>
    (await person.client.get('/api/auth/get-session')).body?.session.token as string;

  it('refuses an expired session and lets Better Auth delete it', async () => {
    const person = await plainUser(context, 'Expired');
    const token = await tokenOf(person);
    await setExpiry(token, new Date(Date.now() - 1000));
    await expectRefused(context, person.client.cookieHeader);
    const left = await context.database.db.selectFrom('session').select('id').where('token', '=', token).execute();
    expect(left).toEqual([]);
  });

  it('leaves a session due for its daily refresh to Better Auth, which extends it and sends the cookie again', async () => {
    const person = await plainUser(context, 'Refresh');
    const token = await tokenOf(person);
    const { expiresIn, updateAge } = (await context.auth.$context).sessionConfig;
    const due = new Date(Date.now() + (expiresIn - updateAge - 60) * 1000);
    await setExpiry(token, due);
    const cookie = person.client.cookieHeader;
    expect((await context.auth.readSession(headersOf(cookie))).kind).toBe('defer');
    const refreshed = await new TestClient(context.app).get('/api/auth/get-session', { cookie });
    expect(refreshed.body?.session.token).toBe(token);
    expect(new Date(refreshed.body!.session.expiresAt).getTime()).toBeGreaterThan(due.getTime() + 60_000);
    expect(refreshed.headers.getSetCookie().some((value) => value.includes('session_token='))).toBe(true);
    expect((await context.auth.readSession(headersOf(cookie))).kind).toBe('signed-in');
  });

  it('serves a session that is not to be remembered without refreshing it, as Better Auth does', async () => {
    const { client, token } = await signInNotRemembered(await plainUser(context, 'Forget'));
    const { expiresIn, updateAge } = (await context.auth.$context).sessionConfig;
    await setExpiry(token, new Date(Date.now() + (expiresIn - updateAge - 60) * 1000));
    await expectServedFast(context, client.cookieHeader);
  });

  it('refuses a session that is not to be remembered once it has expired (no refresh stands in for the check)', async () => {
    const { client, token } = await signInNotRemembered(await plainUser(context, 'Forget Expired'));
    await setExpiry(token, new Date(Date.now() - 1000));
    await expectRefused(context, client.cookieHeader);
  });

  it('refuses a session whose user is banned even if the session was left behind', async () => {
    const person = await plainUser(context, 'Left Behind');
    await expectServedFast(context, person.client.cookieHeader);
    await context.database.db
      .updateTable('user')
      .set({ banned: engine === 'sqlite' ? 1 : true })
      .where('id', '=', person.id)
      .execute();
    const seen = await check(context, person.client.cookieHeader);
    expect(seen).toEqual({ kind: 'refused', session: null, me: 401 });
    // Whatever the reader hands to Better Auth refuses it too: query options, a stale cookie cache.
    const cacheCookie = `${(await context.auth.$context).authCookies.sessionData.name}=stale`;
    const withCache = `${person.client.cookieHeader}; ${cacheCookie}`;
    expect((await context.auth.readSession(headersOf(withCache))).kind).toBe('defer');
    const visitor = new TestClient(context.app);
    expect((await visitor.get('/api/auth/get-session', { cookie: withCache })).body).toBeNull();
    expect((await visitor.get('/api/v1/me', { cookie: withCache })).status).toBe(401);
    const cookie = person.client.cookieHeader;
    expect((await visitor.get('/api/auth/get-session?disableRefresh=true', { cookie })).body).toBeNull();
  });

  it('reads the first of two session cookies of one name, as Better Auth does', async () => {
    const person = await plainUser(context, 'Tossed');
    const name = (await context.auth.$context).authCookies.sessionToken.name;
    // A cookie planted for a narrower path is sent first.
    const cookie = `${name}=planted.${'A'.repeat(43)}=; ${person.client.cookieHeader}`;
    const answers = new TestClient(context.app);
    const betterAuth = await answers.get('/api/auth/get-session?disableRefresh=true', { cookie });
    expect(betterAuth.body).toBeNull();
    await expectRefused(context, cookie);
  });

  it('leaves HEAD to Better Auth', async () => {
    const person = await plainUser(context, 'Head');
    const cookie = person.client.cookieHeader;
    const head = await new TestClient(context.app).request('HEAD', '/api/auth/get-session', { headers: { cookie } });
    const bare = await new TestClient(context.app).request('HEAD', '/api/auth/get-session?disableRefresh=true', {
      headers: { cookie },
    });
    expect(head.status).toBe(bare.status);
    expect(head.headers.get('cache-control')).toBe(bare.headers.get('cache-control'));
  });
});
