import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_ENDED_MESSAGE } from '#common/admin';
import { ADMIN_ENV, signInAdmin, signUp, TEST_ADMIN } from '#test/accounts';
import { sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { impersonate, impersonationSuite } from '#test/fixtures/impersonation';

const SESSION_COOKIE = 'better-auth.session_token';
const ADMIN_COOKIE = 'better-auth.admin_session';

/**
 * A request the console sent during an impersonation can be answered after the admin stopped it. Its
 * answer must not expire the session cookie: the browser would apply that to the admin's own cookie,
 * which the stop has just set, and sign the admin out.
 */
describe.each(ENGINES)('a request answered after an impersonation stopped, on %s', (engine) => {
  const { suite, target } = impersonationSuite(engine, 'stopped');

  /** A request with exactly these cookies, as a browser sent it before the stop. */
  const sendWith = (cookie: string, method: string, path: string) =>
    suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: { cookie, origin: TEST_ORIGIN, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }),
    );
  /** The cookies an answer expires (an empty value or `Max-Age=0`). */
  const expired = (response: { headers: Headers }) =>
    response.headers
      .getSetCookie()
      .filter((line) => /max-age=0\b/i.test(line) || /^[^=]+=;/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
  const withCookie = (cookie: string, name: string, value: string) =>
    cookie
      .split('; ')
      .map((pair) => (pair.startsWith(`${name}=`) ? `${name}=${value}` : pair))
      .join('; ');

  it.each([
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/update-user'],
    ['GET', '/api/v1/me'],
  ])('answers %s %s as signed out, and leaves the admin signed in', async (method, path) => {
    const admin = await impersonate(suite.context, target.id);
    const during = admin.cookieHeader;
    expect(during).toContain(ADMIN_COOKIE);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);

    const late = await sendWith(during, method, path);
    // Never served as the user any more.
    if (path === '/api/auth/get-session') expect(await late.json()).toBeNull();
    else expect(late.status).toBe(401);
    expect(expired(late)).not.toContain(SESSION_COOKIE);

    const self = await admin.get('/api/auth/get-session');
    expect(self.body?.user.email).toBe(TEST_ADMIN.email);
    expect(self.body?.session.impersonatedBy ?? null).toBeNull();
  });

  it('still expires the cookie of an ended session that comes with a forged way back', async () => {
    const admin = await impersonate(suite.context, target.id);
    const during = admin.cookieHeader;
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    // The admin's own token under a signature nobody but the server can make, made up.
    const adminToken = decodeURIComponent(admin.cookie(SESSION_COOKIE) ?? '').split('.')[0];
    const forged = withCookie(during, ADMIN_COOKIE, encodeURIComponent(`${adminToken}:.${'A'.repeat(43)}=`));
    const late = await sendWith(forged, 'GET', '/api/auth/get-session');
    expect(await late.json()).toBeNull();
    expect(expired(late)).toContain(SESSION_COOKIE);
  });

  it('still expires the cookie when the admin signed out meanwhile', async () => {
    const admin = await impersonate(suite.context, target.id);
    const during = admin.cookieHeader;
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect((await admin.post('/api/auth/sign-out')).status).toBe(200);
    const late = await sendWith(during, 'GET', '/api/auth/get-session');
    expect(await late.json()).toBeNull();
    expect(expired(late)).toContain(SESSION_COOKIE);
  });

  it('signs out of an impersonation as before: the cookie goes', async () => {
    const admin = await impersonate(suite.context, target.id);
    const out = await admin.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect(expired(out)).toContain(SESSION_COOKIE);
  });
});

/**
 * The admin's own session can end while they impersonate (signed out everywhere from another
 * browser, or revoked): the way back is gone, so stopping ends the impersonation there and then.
 */
describe.each([
  ['SQLite', 'sqlite', false],
  ['SQLite with sessions in Redis', 'sqlite', true],
] as const)('stopping an impersonation whose admin signed out meanwhile, on %s', (_, engine, redis) => {
  const local = redis ? undefined : impersonationSuite(engine, 'orphan');
  const shared = redis ? sharedInstancesPerSuite(engine, { env: ADMIN_ENV }) : undefined;
  const target = {} as { id: string };
  const contextOf = () => local?.suite.context ?? shared!.first;
  beforeAll(async () => {
    if (local) Object.assign(target, local.target);
    else Object.assign(target, await signUp(shared!.first.app, { email: 'orphan-target@example.com' }));
  });

  it('ends the impersonation, clears its cookies and answers 401', async () => {
    const context = contextOf();
    const admin = await impersonate(context, target.id);
    const elsewhere = await signInAdmin(context.app);
    expect((await elsewhere.post('/api/auth/revoke-sessions')).status).toBe(200);

    const stop = await admin.post('/api/auth/admin/stop-impersonating');
    expect(stop.status, stop.text).toBe(401);
    expect(stop.body).toMatchObject({ code: 'ADMIN_SESSION_ENDED', message: ADMIN_SESSION_ENDED_MESSAGE });
    const cleared = stop.headers
      .getSetCookie()
      .filter((line) => /max-age=0\b/i.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    expect(cleared).toEqual(expect.arrayContaining([SESSION_COOKIE, ADMIN_COOKIE]));
    // The impersonation is over at once, not when its time would have run out.
    // Where the sessions are kept (the database, or Redis).
    const sessions = await (await context.auth.$context).internalAdapter.listSessions(target.id);
    expect(sessions.filter((session) => (session as { impersonatedBy?: string | null }).impersonatedBy)).toEqual([]);
    expect((await admin.get('/api/auth/get-session')).body).toBeNull();
  });
});
