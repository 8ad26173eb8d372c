import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/http-client';
import { createSharedInstances, createTestContext, type Engine, type TestContext } from '../testing/test-context';
import { admin, guest, impersonation, PASSWORD, plainUser, signIn, signUp, type Person } from './support/principals';

/**
 * The session check answered without Better Auth's router (`auth.readSession`, used by
 * `GET /api/auth/get-session` and every `/api/v1` route) must be exactly as strict: whatever ends a
 * session through Better Auth is refused on the very next request, on the instance that ended it and,
 * with Redis, on every other; and what it answers is what Better Auth would have answered.
 */

interface Setup {
  label: string;
  /** Where the session is ended. */
  acting: TestContext;
  /** Where the next request arrives (another instance, with Redis). */
  checking: TestContext;
  /** Moves a session's expiry into the past, where it is stored. */
  expire: (token: string) => Promise<void>;
}

const headersOf = (cookie: string) => new Headers({ cookie });

/** How the reader sees a cookie, and what both session checks answer to it. */
async function check(context: TestContext, cookie: string) {
  const read = await context.auth.readSession(headersOf(cookie));
  const session = await new TestClient(context.app).get('/api/auth/get-session', { cookie });
  const me = await new TestClient(context.app).get('/api/v1/me', { cookie });
  return { kind: read.kind, session: session.body as unknown, me: me.status };
}

async function expectServedFast(context: TestContext, cookie: string) {
  const seen = await check(context, cookie);
  expect(seen.kind).toBe('signed-in');
  expect(seen.session).not.toBeNull();
  expect(seen.me).toBe(200);
}

async function expectRefused(context: TestContext, cookie: string) {
  const seen = await check(context, cookie);
  expect(seen.kind).not.toBe('signed-in');
  expect(seen.session).toBeNull();
  expect(seen.me).toBe(401);
}

/** Ways a session ends through Better Auth, each acted on one instance by the person or an admin. */
const ENDINGS: {
  name: string;
  end: (setup: Setup, person: Person, other: TestClient, root: Person) => Promise<unknown>;
}[] = [
  { name: 'sign-out', end: (_setup, _person, other) => other.post('/api/auth/sign-out') },
  {
    name: 'revoke-session of that session',
    end: async (_setup, person, other) => {
      const token = (await other.get('/api/auth/get-session')).body.session.token as string;
      return person.client.post('/api/auth/revoke-session', { token });
    },
  },
  { name: 'revoke-other-sessions', end: (_setup, person) => person.client.post('/api/auth/revoke-other-sessions') },
  { name: 'revoke-sessions', end: (_setup, person) => person.client.post('/api/auth/revoke-sessions') },
  {
    name: 'change-password',
    end: (_setup, person) =>
      person.client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'changed-password-2' }),
  },
  {
    name: 'admin revoke-user-sessions',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/revoke-user-sessions', { userId: person.id }),
  },
  {
    name: 'admin set-user-password',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/set-user-password', { userId: person.id, newPassword: 'set-by-admin-3' }),
  },
  {
    name: 'admin ban-user',
    end: (_setup, person, _other, root) =>
      root.client.post('/api/auth/admin/ban-user', { userId: person.id, banReason: 'abuse' }),
  },
  {
    name: 'admin remove-user (the account is deleted)',
    end: (_setup, person, _other, root) => root.client.post('/api/auth/admin/remove-user', { userId: person.id }),
  },
];

function describeSetup(
  label: string,
  start: () => Promise<{ acting: TestContext; checking: TestContext; stop: () => Promise<void> }>,
) {
  describe(label, () => {
    const setup = { label } as Setup;
    let stop: () => Promise<void>;
    let root: Person;
    beforeAll(async () => {
      const started = await start();
      Object.assign(setup, started);
      stop = started.stop;
      root = await admin(setup.acting, 'Root');
    });
    afterAll(async () => stop?.());

    for (const ending of ENDINGS) {
      it(`refuses a session at once after ${ending.name}`, async () => {
        const person = await signUp(setup.acting, 'Ending');
        const other = await signIn(setup.acting, person.email);
        // The cookie as it was: a client that ended the session itself would drop it.
        const cookie = other.cookieHeader;
        await expectServedFast(setup.checking, cookie);
        const response = (await ending.end(setup, person, other, root)) as { status: number; text: string };
        expect(response.status, response.text).toBe(200);
        await expectRefused(setup.checking, cookie);
      });
    }

    it('answers exactly what Better Auth answers, for a person, an admin, a guest, an impersonation and an active organization', async () => {
      const person = await plainUser(setup.acting, 'Same');
      const created = await person.client.post('/api/auth/organization/create', {
        name: 'Same Org',
        slug: `same-${person.id.slice(0, 8).toLowerCase()}`,
      });
      expect(created.status, created.text).toBe(200);
      const visitor = await guest(setup.acting);
      const target = await plainUser(setup.acting, 'Target');
      const impersonating = await impersonation(setup.acting, root, target);
      for (const client of [person.client, root.client, visitor.client, impersonating]) {
        const cookie = client.cookieHeader;
        await expectServedFast(setup.checking, cookie);
        const fast = await new TestClient(setup.checking.app).get('/api/auth/get-session', { cookie });
        // A query option makes the call Better Auth's own.
        const own = await new TestClient(setup.checking.app).get('/api/auth/get-session?disableRefresh=true', {
          cookie,
        });
        expect(own.status).toBe(200);
        expect(fast.body).toEqual(own.body);
        expect(fast.headers.get('cache-control')).toBe('no-store');
        expect(fast.headers.getSetCookie()).toEqual([]);
      }
    });

    it('refuses an expired session at once', async () => {
      const person = await plainUser(setup.acting, 'Expiring');
      const cookie = person.client.cookieHeader;
      await expectServedFast(setup.checking, cookie);
      const token = (await person.client.get('/api/auth/get-session')).body.session.token as string;
      await setup.expire(token);
      await expectRefused(setup.checking, cookie);
    });

    it('refuses a cookie with a wrong signature, and answers null without one', async () => {
      const person = await plainUser(setup.acting, 'Tamper');
      const cookie = person.client.cookieHeader;
      const tampered = cookie.replace(/(session_token=[^.;]+\.)[^;]{4}/, '$1AAAA');
      expect(tampered).not.toBe(cookie);
      await expectRefused(setup.checking, tampered);
      expect((await new TestClient(setup.checking.app).get('/api/auth/get-session')).body).toBeNull();
    });
  });
}

const past = () => new Date(Date.now() - 1000);

async function databaseSetup(engine: Engine) {
  const context = await createTestContext(engine);
  const expire = async (token: string) => {
    const expiresAt = engine === 'sqlite' ? past().toISOString() : past();
    await context.database.db.updateTable('session').set({ expiresAt }).where('token', '=', token).execute();
  };
  return { acting: context, checking: context, expire, stop: () => context.destroy() };
}

describeSetup('one instance on SQLite', () => databaseSetup('sqlite'));
describeSetup('one instance on PostgreSQL', () => databaseSetup('postgres'));
describeSetup('two instances sharing PostgreSQL and Redis', async () => {
  const { first, second, redis, destroy } = await createSharedInstances('postgres');
  // With Redis, Better Auth keeps the session there, as JSON under its token.
  const expire = async (token: string) => {
    const key = `${redis.prefix}gatehouse:${token}`;
    const stored = JSON.parse((await redis.redis.get(key))!) as { session: { expiresAt: string } };
    stored.session.expiresAt = past().toISOString();
    await redis.redis.set(key, JSON.stringify(stored), 'KEEPTTL');
  };
  return { acting: first, checking: second, expire, stop: destroy };
});

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
    return { client, token: (await client.get('/api/auth/get-session')).body.session.token as string };
  };
  const tokenOf = async (person: Person) =>
    (await person.client.get('/api/auth/get-session')).body.session.token as string;

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
    expect(refreshed.body.session.token).toBe(token);
    expect(new Date(refreshed.body.session.expiresAt).getTime()).toBeGreaterThan(due.getTime() + 60_000);
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

describe('sessions in Redis, read in one round trip', () => {
  let shared: Awaited<ReturnType<typeof createSharedInstances>>;
  beforeAll(async () => {
    shared = await createSharedInstances('postgres');
  });
  afterAll(async () => shared?.destroy());

  const keyOf = (name: string) => `${shared.redis.prefix}gatehouse:${name}`;
  const tokenOf = async (client: TestClient) =>
    (await client.get('/api/auth/get-session')).body.session.token as string;

  it('refuses a session its user list no longer names once all of them are revoked (the revocation marker)', async () => {
    const person = await signUp(shared.first, 'Unlisted');
    const left = await signIn(shared.first, person.email);
    const token = await tokenOf(left);
    // Better Auth deletes the sessions its list names; for any other, a marker says "revoked before".
    const listKey = keyOf(`active-sessions-${person.id}`);
    const list = JSON.parse((await shared.redis.redis.get(listKey))!) as { token: string }[];
    await shared.redis.redis.set(listKey, JSON.stringify(list.filter((entry) => entry.token !== token)), 'KEEPTTL');
    await expectServedFast(shared.second, left.cookieHeader);
    const revoked = await person.client.post('/api/auth/revoke-sessions');
    expect(revoked.status, revoked.text).toBe(200);
    expect(await shared.redis.redis.get(keyOf(token))).not.toBeNull();
    await expectRefused(shared.second, left.cookieHeader);
  });

  it('never answers alone for a stored session it cannot read: Better Auth gets it', async () => {
    const garble = async (stored: (userId: string, token: string) => string) => {
      const person = await plainUser(shared.first, 'Garbled');
      const token = await tokenOf(person.client);
      await shared.redis.redis.set(keyOf(token), stored(person.id, token), 'KEEPTTL');
      return person.client.cookieHeader;
    };
    const unreadable = [
      () => '[]',
      () => '{"session":{"userId":7}}',
      (userId: string) => JSON.stringify({ session: { userId }, user: {} }),
      // Dates that cannot be read: never taken for an expiry to come, nor for a time after a revocation.
      (userId: string, token: string) =>
        JSON.stringify({
          session: { id: 's', token, userId, expiresAt: 'soon', createdAt: 'then' },
          user: { id: userId },
        }),
    ];
    for (const stored of unreadable) {
      const read = await shared.second.auth.readSession(headersOf(await garble(stored)));
      expect(read.kind, stored('u', 't')).toBe('defer');
    }
    await expectRefused(shared.second, await garble(() => 'not json'));
  });
});
