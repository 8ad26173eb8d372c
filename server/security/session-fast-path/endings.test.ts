import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { createSharedInstances, createTestContext, type Engine, type TestContext } from '#test/test-context';
import { admin, guest, impersonation, plainUser, signIn, signUp, type Person } from '../support/principals';
import { expectRefused, expectServedFast, past } from './checks';
import { ENDINGS, type Setup } from './session-endings';

/** The same tests for one setup: where sessions are ended, and where the next request arrives. */
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
      const token = (await person.client.get('/api/auth/get-session')).body?.session.token as string;
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
