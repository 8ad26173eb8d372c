import { describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { ageImpersonation, impersonate, impersonationSuite } from '#test/fixtures/impersonation';

const MAX_SECONDS = 120;
const DONT_REMEMBER_COOKIE = 'better-auth.dont_remember';

/** An impersonation ends by itself IMPERSONATION_MAX_SECONDS after it starts, on every path. */
describe.each(ENGINES)('impersonation time limit on %s', (engine) => {
  const { suite, target } = impersonationSuite(engine, 'expiry', { IMPERSONATION_MAX_SECONDS: String(MAX_SECONDS) });
  const storedEnd = async () => {
    const row = await suite.context.database.db
      .selectFrom('session')
      .select(['createdAt', 'expiresAt'])
      .where('userId', '=', target.id)
      .where('impersonatedBy', 'is not', null)
      .executeTakeFirstOrThrow();
    return { started: new Date(row.createdAt).getTime(), ends: new Date(row.expiresAt).getTime() };
  };
  const headersOf = (client: TestClient) => new Headers({ cookie: client.cookieHeader });

  it('gives the impersonation session the configured lifetime, shown to the console as its expiry', async () => {
    const admin = await impersonate(suite.context, target.id);
    const { started, ends } = await storedEnd();
    expect(Math.round((ends - started) / 1000)).toBe(MAX_SECONDS);
    const session = await admin.get('/api/auth/get-session');
    expect(new Date(session.body!.session.expiresAt).getTime()).toBe(ends);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
  });

  it('refuses it once its time is up: at once on the fast session path, and on every route', async () => {
    const admin = await impersonate(suite.context, target.id);
    expect((await suite.context.auth.readSession(headersOf(admin))).kind).toBe('signed-in');
    await ageImpersonation(suite.context, target.id, MAX_SECONDS + 1);
    // The fast path never answers for it (Better Auth then ends it), whatever asks.
    expect((await suite.context.auth.readSession(headersOf(admin))).kind).toBe('defer');
    expect((await admin.get('/api/v1/me')).status).toBe(401);
    expect((await admin.post('/api/auth/update-user', { name: 'Too Late' })).status).toBe(401);
    expect((await admin.get('/api/auth/get-session')).body).toBeNull();
    const left = await suite.context.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', target.id)
      .where('impersonatedBy', 'is not', null)
      .execute();
    expect(left).toEqual([]);
    expect((await target.client.get('/api/auth/get-session')).body?.user.id).toBe(target.id);
  });

  it('never moves its end, even for a client that drops the "don\'t remember me" cookie', async () => {
    const admin = await impersonate(suite.context, target.id);
    const { ends } = await storedEnd();
    const cookie = admin.cookieHeader
      .split('; ')
      .filter((pair) => !pair.startsWith(`${DONT_REMEMBER_COOKIE}=`))
      .join('; ');
    expect(cookie).not.toBe(admin.cookieHeader);
    // Without that cookie Better Auth renews a session this close to its end for a week.
    const response = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/auth/get-session`, { headers: { cookie } }),
    );
    const read = (await response.json()) as { session: { impersonatedBy: string | null; expiresAt: string } };
    expect(read.session.impersonatedBy).toBeTruthy();
    expect(new Date(read.session.expiresAt).getTime()).toBe(ends);
    expect((await storedEnd()).ends).toBe(ends);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
  });
});
