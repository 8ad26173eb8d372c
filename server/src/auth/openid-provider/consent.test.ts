import { describe, expect, it } from 'vitest';
import { SCOPE_DESCRIPTIONS } from '#common/applications';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import {
  authorizationRequest,
  authorizeInBrowser,
  exchangeCode,
  openIdClient,
  registerTestApplication,
  relyingParty,
  TEST_REDIRECT_URI,
} from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { totpCode } from '#test/totp';
import { enableTwoFactor } from '#test/two-factor';

/** Where the provider sends a browser with no session: the sign-in page and its signed query. */
async function signInPageOf(browser: TestClient, url: URL) {
  const opened = await browser.get(`${url.pathname}${url.search}`);
  expect(opened.status, opened.text).toBe(302);
  const page = new URL(opened.headers.get('location')!, TEST_ORIGIN);
  expect(page.pathname).toBe('/auth');
  expect(page.searchParams.get('sig')).toBeTruthy();
  return page.search.slice(1);
}

/** The `{ redirect: true, url }` a sign-in step answers when it continues an authorization. */
function continuation(response: { status: number; body: unknown; text: string }): URL {
  expect(response.status, response.text).toBe(200);
  expect(response.body).toMatchObject({ redirect: true, url: expect.any(String) });
  return new URL((response.body as { url: string }).url, TEST_ORIGIN);
}

async function auditOf(context: TestContext, action: string) {
  await context.audit.flush();
  return context.database.db
    .selectFrom('auditEvent')
    .select(['action', 'outcome', 'actorId', 'targetUserId', 'details'])
    .where('action', '=', action as never)
    .execute();
}

describe.each(ENGINES)('signing in to an application (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let counter = 0;
  const email = (label: string) => `${label}-${++counter}-${engine}@example.com`;

  const setUp = async (options: { trusted?: boolean } = {}) => {
    const { app } = suite.context;
    const application = await registerTestApplication(suite.context, await signInAdmin(app), options);
    return { application, configuration: await relyingParty(app, application) };
  };

  it('continues the authorization after a password sign-in that carries the signed query: to consent, then a code', async () => {
    const { app } = suite.context;
    const address = email('password');
    await signUp(app, { email: address });
    const { configuration } = await setUp();
    const request = await authorizationRequest(configuration);
    const browser = new TestClient(app);
    const oauthQuery = await signInPageOf(browser, request.url);

    const signedIn = await browser.post('/api/auth/sign-in/email', {
      email: address,
      password: 'user-password-1',
      oauth_query: oauthQuery,
    });
    const consent = continuation(signedIn);
    expect(consent.pathname).toBe('/consent');
    const consented = await browser.post('/api/auth/oauth2/consent', {
      accept: true,
      oauth_query: consent.search.slice(1),
    });
    const callback = continuation(consented);
    expect(`${callback.origin}${callback.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(request.state);
    const tokens = await exchangeCode(configuration, callback, request);
    expect(tokens.access_token).toBeTruthy();
  });

  it('answers the code itself when the person already allowed the application (remembered consent)', async () => {
    const { app } = suite.context;
    const address = email('remembered');
    const { client: first } = await signUp(app, { email: address });
    const { configuration } = await setUp();
    await authorizeInBrowser(first, (await authorizationRequest(configuration)).url);

    const request = await authorizationRequest(configuration);
    const browser = new TestClient(app);
    const oauthQuery = await signInPageOf(browser, request.url);
    const signedIn = await browser.post('/api/auth/sign-in/email', {
      email: address,
      password: 'user-password-1',
      oauth_query: oauthQuery,
    });
    const callback = continuation(signedIn);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect((await exchangeCode(configuration, callback, request)).access_token).toBeTruthy();
  });

  it('keeps the authorization through the two-factor step: the password holds, the code (or a backup code) continues', async () => {
    const { app } = suite.context;
    const address = email('two-factor');
    const { client } = await signUp(app, { email: address });
    const { secret, backupCodes } = await enableTwoFactor(client);
    const { configuration } = await setUp({ trusted: true });

    for (const step of ['totp', 'backup'] as const) {
      const request = await authorizationRequest(configuration);
      const browser = new TestClient(app);
      const oauthQuery = await signInPageOf(browser, request.url);
      const password = await browser.post('/api/auth/sign-in/email', {
        email: address,
        password: 'user-password-1',
        oauth_query: oauthQuery,
      });
      expect(password.status, password.text).toBe(200);
      expect(password.body).toMatchObject({ twoFactorRedirect: true });
      const verified =
        step === 'totp'
          ? await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret), oauth_query: oauthQuery })
          : await browser.post('/api/auth/two-factor/verify-backup-code', {
              code: backupCodes[0],
              oauth_query: oauthQuery,
            });
      const callback = continuation(verified);
      expect(callback.searchParams.get('code'), step).toBeTruthy();
      expect((await exchangeCode(configuration, callback, request)).access_token).toBeTruthy();
    }
  });

  it('continues after a sign-up that carries the signed query', async () => {
    const { app } = suite.context;
    const { configuration } = await setUp({ trusted: true });
    const request = await authorizationRequest(configuration);
    const browser = new TestClient(app);
    const oauthQuery = await signInPageOf(browser, request.url);
    const signedUp = await browser.post('/api/auth/sign-up/email', {
      email: email('sign-up'),
      password: 'user-password-1',
      name: 'New Person',
      oauth_query: oauthQuery,
    });
    const callback = continuation(signedUp);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a forged or altered signed query, and signs nobody in with it', async () => {
    const { app } = suite.context;
    const address = email('forged');
    await signUp(app, { email: address });
    const { configuration } = await setUp();
    const request = await authorizationRequest(configuration);
    const oauthQuery = await signInPageOf(new TestClient(app), request.url);
    const altered = oauthQuery.replace(
      /redirect_uri=[^&]+/,
      `redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    const browser = new TestClient(app);
    const refused = await browser.post('/api/auth/sign-in/email', {
      email: address,
      password: 'user-password-1',
      oauth_query: altered,
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain('invalid_signature');
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
  });

  it('records allowing and denying in the audit trail, and a guest refused', async () => {
    const { app } = suite.context;
    const { client, id } = await signUp(app, { email: email('audit') });
    const { application, configuration } = await setUp();
    const denied = await authorizeInBrowser(client, (await authorizationRequest(configuration)).url, { accept: false });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    await authorizeInBrowser(client, (await authorizationRequest(configuration)).url);

    const guest = new TestClient(app);
    const guestId = (await guest.post('/api/auth/sign-in/anonymous')).body.user.id as string;
    const { url } = await authorizationRequest(configuration);
    const opened = await guest.get(`${url.pathname}${url.search}`);
    const consentPage = new URL(opened.headers.get('location')!, TEST_ORIGIN);
    expect(consentPage.pathname).toBe('/consent');
    const refused = await guest.post('/api/auth/oauth2/consent', {
      accept: true,
      oauth_query: consentPage.search.slice(1),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NO_APPLICATIONS_FOR_GUESTS' });

    const allowed = await auditOf(suite.context, 'application.consent');
    expect(allowed.filter((event) => event.actorId === id)).toEqual([
      expect.objectContaining({ outcome: 'success', targetUserId: id }),
    ]);
    const allowedDetails = allowed.find((event) => event.actorId === id)!.details;
    expect(JSON.parse(String(allowedDetails))).toMatchObject({ clientId: application.clientId });
    expect(allowed.filter((event) => event.actorId === guestId)).toEqual([
      expect.objectContaining({ outcome: 'failure', targetUserId: guestId }),
    ]);
    const denials = await auditOf(suite.context, 'application.deny');
    expect(denials.filter((event) => event.actorId === id)).toEqual([expect.objectContaining({ outcome: 'success' })]);
  });

  it('revoking on Connected apps ends the consent and every token at once: the refresh and userinfo of the application fail', async () => {
    const { app } = suite.context;
    const { client, id } = await signUp(app, { email: email('revoke') });
    const { application, configuration } = await setUp();
    const request = await authorizationRequest(configuration, { scope: 'openid profile email offline_access' });
    const callback = await authorizeInBrowser(client, request.url);
    const tokens = await exchangeCode(configuration, callback, request);
    expect(tokens.refresh_token).toBeTruthy();
    await openIdClient.fetchUserInfo(configuration, tokens.access_token, id);

    const listed = await client.get('/api/v1/me/applications');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual([
      {
        clientId: application.clientId,
        name: 'Test app',
        uri: null,
        icon: null,
        scopes: (['openid', 'profile', 'email', 'offline_access'] as const).map((scope) => ({
          scope,
          description: SCOPE_DESCRIPTIONS[scope],
        })),
        allowedAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    const [connected] = listed.body.data;
    expect(Date.parse(connected!.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(connected!.allowedAt));

    const revoked = await client.request('DELETE', `/api/v1/me/applications/${application.clientId}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toEqual({ data: { clientId: application.clientId, revoked: true } });
    expect((await client.get('/api/v1/me/applications')).body.data).toEqual([]);

    await expect(openIdClient.refreshTokenGrant(configuration, tokens.refresh_token!)).rejects.toThrow();
    await expect(openIdClient.fetchUserInfo(configuration, tokens.access_token, id)).rejects.toThrow();
    const events = await auditOf(suite.context, 'application.revoke');
    expect(events).toEqual([expect.objectContaining({ outcome: 'success', actorId: id, targetUserId: id })]);

    // Allowed no longer: the next authorization asks again.
    const { url } = await authorizationRequest(configuration);
    const again = await client.get(`${url.pathname}${url.search}`);
    expect(new URL(again.headers.get('location')!, TEST_ORIGIN).pathname).toBe('/consent');
  });
});
