import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '#test/http-client';
import { authorizationRequest, authorizeInBrowser, exchangeCode, openIdClient, TEST_REDIRECT_URI } from '#test/openid';
import { TEST_ORIGIN } from '#test/test-context';
import {
  codeOf,
  CONSENT_PATH,
  countProviderRows,
  EVIL,
  FULL_SCOPE,
  issued,
  party,
  providerSuite,
  type Party,
} from './provider-support';

const POST_LOGOUT_URI = 'http://localhost:4000/signed-out';

/** Where an answer sends the browser: its `Location`, or the `{ url }` of a JSON answer. */
function destination(response: { headers: Headers; body: unknown }): URL | undefined {
  const location = response.headers.get('location') ?? (response.body as { url?: string } | null)?.url;
  return location ? new URL(location, TEST_ORIGIN) : undefined;
}

/**
 * The authorization endpoint and the browser's side of the flow: an unregistered redirect URI is
 * shown an error on our own origin, never sent to; state comes back as it went; the consent form
 * is the console's alone; guests and impersonating admins never get a code; sign-out only goes
 * back to a registered address.
 */
describe('OpenID provider: authorization requests and the browser (sqlite)', () => {
  const suite = providerSuite('sqlite');
  let browser: TestClient;
  let web: Party;

  beforeAll(async () => {
    web = await party(suite.context, await suite.admin(), {
      name: 'Web app',
      postLogoutRedirectUris: [POST_LOGOUT_URI],
    });
    ({ client: browser } = await suite.person('browser'));
  });

  describe('redirect_uri must be one registered, character for character', () => {
    // Each with the error the provider names it by: not registered, or not even a URL it accepts.
    const unregistered: [string, string, string][] = [
      ['another path', 'http://localhost:4000/other', 'invalid_redirect'],
      ['an extra path on the registered one', `${TEST_REDIRECT_URI}/extra`, 'invalid_redirect'],
      [
        'the registered one with a query added',
        `${TEST_REDIRECT_URI}?next=${encodeURIComponent(EVIL)}`,
        'invalid_redirect',
      ],
      ['another host', `${EVIL}/callback`, 'invalid_redirect'],
      ['a trailing slash', `${TEST_REDIRECT_URI}/`, 'invalid_redirect'],
      ['another host made to look like ours', 'http://localhost:4000.evil.example/callback', 'invalid_request'],
      ['a user name smuggled before the host', 'http://localhost:4000@evil.example/callback', 'invalid_request'],
    ];
    it.each(unregistered)('shows an error for %s, on our origin, and issues nothing', async (_, uri, error) => {
      const before = await issued(suite.context);
      const request = await authorizationRequest(web.configuration, { redirectUri: uri });
      const opened = await browser.get(`${request.url.pathname}${request.url.search}`);
      const to = destination(opened);
      expect(to?.origin).toBe(TEST_ORIGIN);
      expect(to?.pathname).toBe('/api/auth/error');
      expect(to?.searchParams.get('error')).toBe(error);
      expect(opened.text).not.toContain('evil.example');
      expect(await issued(suite.context)).toEqual(before);
    });
  });

  it('echoes state exactly, odd characters and all, and puts the nonce in the ID token', async () => {
    const state = `st ä/?&=#+%20${'x'.repeat(40)}<"'>`;
    const nonce = `n-${openIdClient.randomNonce()}`;
    const request = await authorizationRequest(web.configuration, { scope: FULL_SCOPE });
    request.url.searchParams.set('state', state);
    request.url.searchParams.set('nonce', nonce);
    const callback = await authorizeInBrowser(browser, request.url);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(TEST_ORIGIN);
    codeOf(callback);
    const tokens = await exchangeCode(web.configuration, callback, { ...request, state, nonce });
    expect(tokens.claims()?.nonce).toBe(nonce);
  });

  it('lets the relying party refuse a callback whose state is not the one it sent', async () => {
    const request = await authorizationRequest(web.configuration, { scope: FULL_SCOPE });
    const callback = await authorizeInBrowser(browser, request.url);
    const refused = await exchangeCode(web.configuration, callback, { ...request, state: 'another' }).catch(
      (error: unknown) => error as { code?: string; cause?: { message?: string } },
    );
    expect(refused).toMatchObject({ code: 'OAUTH_INVALID_RESPONSE' });
    expect(String((refused as { cause?: { message?: string } }).cause?.message)).toMatch(/state/);
  });

  it('refuses the consent form posted from a foreign Origin, and writes no consent', async () => {
    const { client: browser, id: personId } = await suite.person('consenting');
    const request = await authorizationRequest(web.configuration, { scope: 'openid email' });
    const opened = await browser.get(`${request.url.pathname}${request.url.search}`);
    const consentPage = destination(opened)!;
    expect(consentPage.pathname).toBe('/consent');
    const before = await countProviderRows(suite.context, 'oauthConsent', { userId: personId });
    const body = JSON.stringify({ accept: true, oauth_query: consentPage.search.slice(1) });
    for (const [origin, code] of [
      [EVIL, 'INVALID_ORIGIN'],
      ['null', 'MISSING_OR_NULL_ORIGIN'],
    ]) {
      const response = await suite.context.app.fetch(
        new Request(`${TEST_ORIGIN}${CONSENT_PATH}`, {
          method: 'POST',
          headers: { cookie: browser.cookieHeader, origin, 'content-type': 'application/json' },
          body,
        }),
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code });
    }
    expect(await countProviderRows(suite.context, 'oauthConsent', { userId: personId })).toBe(before);
    // The same form from the console itself is accepted: the refusal was the Origin's.
    const accepted = await browser.post(CONSENT_PATH, { accept: true, oauth_query: consentPage.search.slice(1) });
    expect(accepted.status).toBe(200);
    expect(await countProviderRows(suite.context, 'oauthConsent', { userId: personId })).toBe(before + 1);
  });

  describe('who may not let an application in', () => {
    async function heldAtConsent(held: TestClient, rp: Party) {
      const request = await authorizationRequest(rp.configuration, { scope: 'openid' });
      const opened = await held.get(`${request.url.pathname}${request.url.search}`);
      const page = destination(opened)!;
      expect(page.origin + page.pathname).toBe(`${TEST_ORIGIN}/consent`);
      return page.search.slice(1);
    }

    async function expectNoCode(held: TestClient, code: string, rp: Party = web) {
      const before = await issued(suite.context);
      const oauthQuery = await heldAtConsent(held, rp);
      const consent = await held.post(CONSENT_PATH, { accept: true, oauth_query: oauthQuery });
      expect(consent.status).toBe(403);
      expect(consent.body).toMatchObject({ code });
      const resumed = await held.post('/api/auth/oauth2/continue', { postLogin: true, oauth_query: oauthQuery });
      expect(resumed.status).toBe(403);
      expect(resumed.body).toMatchObject({ code });
      expect(await issued(suite.context)).toEqual(before);
      // Denying stays open: the application is told, with no code.
      const denied = await held.post(CONSENT_PATH, { accept: false, oauth_query: oauthQuery });
      expect(denied.status).toBe(200);
      const back = destination(denied)!;
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('code')).toBeNull();
    }

    it('a guest is held at the consent screen and can only deny', async () => {
      const guest = new TestClient(suite.context.app);
      expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
      await expectNoCode(guest, 'NO_APPLICATIONS_FOR_GUESTS');
    });

    it('an admin impersonating someone is held there too, even for a trusted application', async () => {
      const admin = await suite.admin();
      // Trusted: a person is not asked to consent to it, yet the impersonating admin is still held.
      const trusted = await party(suite.context, admin, { name: 'First-party app', trusted: true });
      const { id } = await suite.person('impersonated');
      const started = await admin.post('/api/auth/admin/impersonate-user', { userId: id, reason: 'Support ticket' });
      expect(started.status, started.text).toBe(200);
      await expectNoCode(admin, 'NO_CONSENT_WHILE_IMPERSONATING', trusted);
    });
  });

  describe('RP-initiated logout', () => {
    // The provider checks an id_token_hint against its own JWKS, fetched from its public URL: in
    // tests that URL is the in-process app.
    beforeAll(() => {
      const fetch = globalThis.fetch;
      const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.startsWith(TEST_ORIGIN)) return suite.context.app.fetch(new Request(input, init));
        return fetch(input, init);
      });
      return () => spy.mockRestore();
    });

    async function signedInWithIdToken() {
      const { client } = await suite.person('leaving');
      const request = await authorizationRequest(web.configuration, { scope: 'openid' });
      const callback = await authorizeInBrowser(client, request.url);
      const tokens = await exchangeCode(web.configuration, callback, request);
      return { client, idToken: tokens.id_token! };
    }

    const endSession = (client: TestClient, params: Record<string, string>) => {
      const url = openIdClient.buildEndSessionUrl(web.configuration, params);
      return client.get(`${url.pathname}${url.search}`);
    };

    it('never sends the browser to an unregistered post_logout_redirect_uri', async () => {
      const { client, idToken } = await signedInWithIdToken();
      for (const uri of [`${EVIL}/bye`, `${POST_LOGOUT_URI}/x`, `${POST_LOGOUT_URI}?to=${EVIL}`]) {
        const answer = await endSession(client, { id_token_hint: idToken, post_logout_redirect_uri: uri, state: 's' });
        expect(answer.status).toBeLessThan(300);
        expect(answer.headers.get('location')).toBeNull();
        expect(answer.text).not.toContain('evil.example');
      }
    });

    it('sends the browser back to the registered one with a valid id_token_hint, with its state', async () => {
      const { client, idToken } = await signedInWithIdToken();
      const answer = await endSession(client, {
        id_token_hint: idToken,
        post_logout_redirect_uri: POST_LOGOUT_URI,
        state: 'bye state',
      });
      const to = destination(answer)!;
      expect(`${to.origin}${to.pathname}`).toBe(POST_LOGOUT_URI);
      expect(to.searchParams.get('state')).toBe('bye state');
      expect((await client.get('/api/auth/get-session')).body).toBeNull();
    });
  });
});
