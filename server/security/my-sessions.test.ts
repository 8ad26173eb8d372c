import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { ageSessions } from '#test/stale-sessions';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { admin, apiKey, guest, impersonation, PASSWORD, plainUser, signIn, type Person } from './support/principals';

/**
 * A person's own sessions (`list-sessions`, `revoke-session`, `revoke-other-sessions`) and getting a
 * fresh session back by password (`fresh-session`): nobody reaches another person's sessions, and
 * only the console, with a session, may call them.
 */

const contexts = sharedContexts();

const EVIL = 'https://evil.example';

/** The raw token of the session a client holds (what `list-sessions` gives its owner). */
const tokenOf = async (client: TestClient) => (await client.get('/api/auth/get-session')).body?.session.token as string;

/** Whether a client's session still opens Better Auth and our API. */
async function signedIn(context: TestContext, client: TestClient) {
  const session = await new TestClient(context.app).get('/api/auth/get-session', { cookie: client.cookieHeader });
  const me = await new TestClient(context.app).get('/api/v1/me', { cookie: client.cookieHeader });
  return { user: session.body?.user?.id as string | undefined, me: me.status };
}

const sessionRows = (context: TestContext) =>
  context.database.db.selectFrom('session').select(['token', 'userId', 'createdAt']).orderBy('token').execute();

describe.each(ENGINES)('ASVS V7 a person’s own sessions on %s', (engine) => {
  let context: TestContext, victim: Person, attacker: Person, victimOtherBrowser: TestClient;
  beforeAll(async () => {
    [context, victim, attacker] = await contexts.withUsers(engine, 'Victim', 'Attacker');
    victimOtherBrowser = await signIn(context, victim.email);
  });

  it("lists the caller's sessions only: none of another person's tokens is ever in the answer", async () => {
    const listed = await attacker.client.get('/api/auth/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.map((session: { userId: string }) => session.userId)).toEqual([attacker.id]);
    const victimTokens = [await tokenOf(victim.client), await tokenOf(victimOtherBrowser)];
    for (const token of victimTokens) expect(listed.text).not.toContain(token);
    const own = await victim.client.get('/api/auth/list-sessions');
    expect(own.body.map((session: { token: string }) => session.token).sort()).toEqual(victimTokens.sort());
  });

  it("does not end another person's session by its token: Better Auth checks the owner, the victim stays signed in", async () => {
    const token = await tokenOf(victimOtherBrowser);
    const before = await sessionRows(context);
    const response = await attacker.client.post('/api/auth/revoke-session', { token });
    // Better Auth answers as if done, telling nothing of whether the token exists.
    expect(response.status).toBe(200);
    expect(await signedIn(context, victimOtherBrowser)).toEqual({ user: victim.id, me: 200 });
    expect(await sessionRows(context)).toEqual(before);
  });

  it("ends none of another person's sessions with revoke-other-sessions, nor the caller's own", async () => {
    const attackerElsewhere = await signIn(context, attacker.email);
    const response = await attacker.client.post('/api/auth/revoke-other-sessions');
    expect(response.status).toBe(200);
    expect(await signedIn(context, attackerElsewhere)).toEqual({ user: undefined, me: 401 });
    expect(await signedIn(context, attacker.client)).toEqual({ user: attacker.id, me: 200 });
    expect(await signedIn(context, victim.client)).toEqual({ user: victim.id, me: 200 });
    expect(await signedIn(context, victimOtherBrowser)).toEqual({ user: victim.id, me: 200 });
  });

  it('refuses every call to a caller with no session (401) and to an API key (401: keys reach the script API only)', async () => {
    const key = await apiKey(victim);
    const token = await tokenOf(victimOtherBrowser);
    const before = await sessionRows(context);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-session', { token }],
      ['POST', '/api/auth/revoke-other-sessions', {}],
      ['POST', '/api/auth/fresh-session', { password: PASSWORD }],
    ];
    for (const headers of [{}, { 'x-api-key': key }] as Record<string, string>[]) {
      for (const [method, path, body] of calls) {
        const client = new TestClient(context.app);
        const response = method === 'GET' ? await client.get(path, headers) : await client.post(path, body, headers);
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    expect(await sessionRows(context)).toEqual(before);
  });

  it('refuses the writes from a foreign origin (403), with the owner’s cookie: nothing ends, nothing is made', async () => {
    const person = await plainUser(context, 'Forged');
    const elsewhere = await signIn(context, person.email);
    const token = await tokenOf(elsewhere);
    const before = await sessionRows(context);
    for (const [path, body] of [
      ['/api/auth/revoke-session', { token }],
      ['/api/auth/revoke-other-sessions', {}],
      ['/api/auth/fresh-session', { password: PASSWORD }],
    ] as const) {
      const response = await context.app.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          method: 'POST',
          headers: { cookie: person.client.cookieHeader, origin: EVIL, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status, path).toBe(403);
      expect(response.headers.getSetCookie().join()).not.toContain('session_token=');
    }
    expect(await sessionRows(context)).toEqual(before);
    expect(await signedIn(context, elsewhere)).toEqual({ user: person.id, me: 200 });
  });

  it('refuses wrong types with 400 and changes nothing', async () => {
    const person = await plainUser(context, 'Types');
    const before = await sessionRows(context);
    const bodies: Array<[string, unknown]> = [
      ['/api/auth/revoke-session', {}],
      ['/api/auth/revoke-session', { token: 42 }],
      ['/api/auth/revoke-session', { token: [await tokenOf(person.client)] }],
      ['/api/auth/revoke-session', { token: { $ne: '' } }],
      ['/api/auth/revoke-session', { token: null }],
      ['/api/auth/fresh-session', {}],
      ['/api/auth/fresh-session', { password: 12345678 }],
      ['/api/auth/fresh-session', { password: [PASSWORD] }],
      ['/api/auth/fresh-session', { password: null }],
      ['/api/auth/fresh-session', { password: '' }],
      ['/api/auth/fresh-session', { password: 'x'.repeat(10_000) }],
    ];
    for (const [path, body] of bodies) {
      const response = await person.client.post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    expect(await sessionRows(context)).toEqual(before);
    expect(await signedIn(context, person.client)).toEqual({ user: person.id, me: 200 });
  });

  it('lets a guest list their one session; a guest has no password to make it fresh with', async () => {
    const visitor = await guest(context);
    const listed = await visitor.client.get('/api/auth/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]!.userId).toBe(visitor.id);
    const fresh = await visitor.client.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(fresh.status).toBe(400);
    expect(fresh.body.code).toBe('CREDENTIAL_ACCOUNT_NOT_FOUND');
  });

  it('refuses to make an impersonation session fresh (403): the admin would end up holding a plain session of the user', async () => {
    const root = await admin(context, 'Root');
    const target = await plainUser(context, 'Target');
    const session = await impersonation(context, root, target);
    const before = await sessionRows(context);
    const response = await session.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('NOT_WHILE_IMPERSONATING');
    expect(await sessionRows(context)).toEqual(before);
    expect((await session.get('/api/auth/get-session')).body?.session.impersonatedBy).toBe(root.id);
  });

  it("makes only the caller's session fresh: another person's stale sessions stay stale and theirs", async () => {
    const person = await plainUser(context, 'Fresh');
    const other = await plainUser(context, 'Stale Other');
    await ageSessions(context, person.id);
    await ageSessions(context, other.id);
    const response = await person.client.post('/api/auth/fresh-session', { password: PASSWORD });
    expect(response.status, response.text).toBe(200);
    expect((await person.client.get('/api/auth/list-sessions')).status).toBe(200);
    // The other person's password is the same: it still opens nothing of theirs.
    expect((await other.client.get('/api/auth/list-sessions')).status).toBe(403);
    expect((await person.client.get('/api/auth/get-session')).body?.user.id).toBe(person.id);
  });
});
