import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { authorizationRequest, authorizeInBrowser, exchangeCode, openIdClient, TEST_REDIRECT_URI } from '#test/openid';
import { TEST_ORIGIN } from '#test/test-context';
import { SESSION_COOKIE } from '#test/two-factor';
import {
  codeFor,
  codeOf,
  issued,
  party,
  providerSuite,
  tokenRequest,
  USERINFO_PATH,
  type Party,
} from './provider-support';

interface Jwk extends crypto.JsonWebKey {
  kid?: string;
  alg?: string;
}

/** Where an answer sends the browser: its `Location`, or the `{ url }` of a JSON answer. */
function destination(response: { headers: Headers; body: unknown }): URL {
  const location = response.headers.get('location') ?? (response.body as { url?: string } | null)?.url;
  expect(location, 'no redirect').toBeTruthy();
  return new URL(location!, TEST_ORIGIN);
}

const decodePart = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * The OpenID Connect Basic OP profile, requirement by requirement, as docs/openid-connect.md lists
 * them: each `it` here is named in that table.
 */
describe('OpenID Connect Basic OP conformance (sqlite)', () => {
  const suite = providerSuite('sqlite');
  let browser: TestClient;
  let personId: string;
  let web: Party;
  let metadata: Record<string, unknown>;

  beforeAll(async () => {
    web = await party(suite.context, await suite.admin(), { name: 'Conformance app' });
    ({ client: browser, id: personId } = await suite.person('conformance'));
    metadata = (await (
      await suite.context.app.fetch(new Request(`${TEST_ORIGIN}/.well-known/openid-configuration`))
    ).json()) as Record<string, unknown>;
  });

  const open = (client: TestClient, url: URL) => client.get(`${url.pathname}${url.search}`);

  it('discovery: publishes the issuer and every endpoint and capability the profile requires', () => {
    expect(metadata).toMatchObject({
      issuer: TEST_ORIGIN,
      authorization_endpoint: `${TEST_ORIGIN}/api/auth/oauth2/authorize`,
      token_endpoint: `${TEST_ORIGIN}/api/auth/oauth2/token`,
      userinfo_endpoint: `${TEST_ORIGIN}/api/auth/oauth2/userinfo`,
      jwks_uri: `${TEST_ORIGIN}/api/auth/jwks`,
      end_session_endpoint: `${TEST_ORIGIN}/api/auth/oauth2/end-session`,
    });
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.subject_types_supported).toContain('public');
    expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access', 'organizations']),
    );
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining([
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'name',
        'email',
        'organizations',
      ]),
    );
    expect(metadata.claims_parameter_supported).toBe(true);
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    // No open registration: applications are registered by a platform admin only.
    expect(metadata.registration_endpoint).toBeUndefined();
  });

  it('response_type: code is the only one; any other is refused without a code or token', async () => {
    for (const responseType of ['token', 'id_token', 'code token', 'code id_token']) {
      const before = await issued(suite.context);
      const request = await authorizationRequest(web.configuration, { extra: { response_type: responseType } });
      const to = destination(await open(browser, request.url));
      expect(`${to.origin}${to.pathname}`).toBe(TEST_REDIRECT_URI);
      // In the fragment, as a response type that would carry tokens there has its errors sent.
      const answer = new URLSearchParams(to.hash.slice(1));
      expect(answer.get('error'), to.href).toBe('unsupported_response_type');
      expect(answer.get('state')).toBe(request.state);
      for (const issuedParam of ['code', 'access_token', 'id_token']) {
        expect(answer.get(issuedParam)).toBeNull();
        expect(to.searchParams.get(issuedParam)).toBeNull();
      }
      expect(await issued(suite.context)).toEqual(before);
    }
  });

  it('ID token: RS256, verifiable with the published JWKS, with iss, sub, aud, azp, exp, iat, auth_time and nonce', async () => {
    const request = await authorizationRequest(web.configuration, { scope: 'openid' });
    const callback = await authorizeInBrowser(browser, request.url);
    const tokens = await exchangeCode(web.configuration, callback, request);
    const idToken = tokens.id_token!;
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const protectedHeader = decodePart(header);
    expect(protectedHeader.alg).toBe('RS256');

    const jwks = (await (await suite.context.app.fetch(new Request(String(metadata.jwks_uri)))).json()) as {
      keys: Jwk[];
    };
    const jwk = jwks.keys.find((key) => key.kid === protectedHeader.kid);
    expect(jwk, 'the signing key is published').toBeDefined();
    const key = crypto.createPublicKey({ key: jwk!, format: 'jwk' });
    expect(
      crypto.verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
    ).toBe(true);
    const tampered = decodePart(payload);
    tampered.sub = 'someone-else';
    const forged = Buffer.from(JSON.stringify(tampered)).toString('base64url');
    expect(
      crypto.verify('RSA-SHA256', Buffer.from(`${header}.${forged}`), key, Buffer.from(signature, 'base64url')),
    ).toBe(false);

    const claims = decodePart(payload);
    const now = Math.floor(Date.now() / 1000);
    expect(claims).toMatchObject({ iss: TEST_ORIGIN, sub: personId, nonce: request.nonce });
    expect([claims.aud].flat()).toContain(web.application.clientId);
    expect(claims.exp as number).toBeGreaterThan(now);
    expect(claims.exp as number).toBeLessThanOrEqual(now + 3600 + 5);
    expect(Math.abs((claims.iat as number) - now)).toBeLessThan(60);
    expect(claims.auth_time as number).toBeLessThanOrEqual(now);
  });

  it('max_age: a sign-in older than max_age is sent to sign in again; a recent one gets a code, with auth_time', async () => {
    const { client: older } = await suite.person('older-sign-in');
    // The sign-in is made older than the max_age asked for.
    const past = new Date(Date.now() - 120_000).toISOString();
    await suite.context.database.db
      .updateTable('session')
      .set({ createdAt: past })
      .where('token', '=', decodeURIComponent(older.cookie(SESSION_COOKIE) ?? '').split('.')[0]!)
      .execute();
    const strict = await authorizationRequest(web.configuration, { scope: 'openid', extra: { max_age: '60' } });
    const toSignIn = destination(await open(older, strict.url));
    expect(toSignIn.pathname).toBe('/auth');
    expect(toSignIn.searchParams.get('code')).toBeNull();

    const lenient = await authorizationRequest(web.configuration, { scope: 'openid', extra: { max_age: '3600' } });
    const callback = await authorizeInBrowser(older, lenient.url);
    codeOf(callback);
    const tokens = await exchangeCode(web.configuration, callback, lenient);
    expect(tokens.claims()?.auth_time).toBeTypeOf('number');
  });

  it('prompt=none: login_required without a session, consent_required without consent, both to the redirect URI with state', async () => {
    const anonymous = new TestClient(suite.context.app);
    const signedOut = await authorizationRequest(web.configuration, { scope: 'openid', extra: { prompt: 'none' } });
    const noSession = destination(await open(anonymous, signedOut.url));
    expect(`${noSession.origin}${noSession.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(noSession.searchParams.get('error')).toBe('login_required');
    expect(noSession.searchParams.get('state')).toBe(signedOut.state);

    const { client: fresh } = await suite.person('never-consented');
    const unconsented = await authorizationRequest(web.configuration, { scope: 'openid', extra: { prompt: 'none' } });
    const noConsent = destination(await open(fresh, unconsented.url));
    expect(`${noConsent.origin}${noConsent.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(noConsent.searchParams.get('error')).toBe('consent_required');
    expect(noConsent.searchParams.get('state')).toBe(unconsented.state);
    expect(noConsent.searchParams.get('code')).toBeNull();
  });

  it('prompt=none with a session and consent: a code, without any page shown', async () => {
    await codeFor(browser, web, { scope: 'openid' });
    const silent = await authorizationRequest(web.configuration, { scope: 'openid', extra: { prompt: 'none' } });
    const callback = destination(await open(browser, silent.url));
    expect(`${callback.origin}${callback.pathname}`).toBe(TEST_REDIRECT_URI);
    codeOf(callback);
  });

  it('prompt=login: a signed-in person is sent to sign in again, not given a code', async () => {
    const request = await authorizationRequest(web.configuration, { scope: 'openid', extra: { prompt: 'login' } });
    const to = destination(await open(browser, request.url));
    expect(`${to.origin}${to.pathname}`).toBe(`${TEST_ORIGIN}/auth`);
    expect(to.searchParams.get('code')).toBeNull();
  });

  it('userinfo: answers the Bearer header with the same sub as the ID token; refuses no token or a forged one', async () => {
    const request = await authorizationRequest(web.configuration, { scope: 'openid email' });
    const callback = await authorizeInBrowser(browser, request.url);
    const tokens = await exchangeCode(web.configuration, callback, request);
    const info = await openIdClient.fetchUserInfo(web.configuration, tokens.access_token, tokens.claims()!.sub);
    expect(info.sub).toBe(personId);
    expect(info.email).toBeTypeOf('string');
    expect(info.name).toBeUndefined();
    for (const authorization of [undefined, 'Bearer not-a-token', `Basic ${tokens.access_token}`]) {
      const response = await suite.context.app.fetch(
        new Request(`${TEST_ORIGIN}${USERINFO_PATH}`, { headers: authorization ? { authorization } : {} }),
      );
      expect(response.status, String(authorization)).toBe(401);
    }
  });

  it('scope without openid: an OAuth grant with no ID token, and userinfo refuses its token', async () => {
    const { request, code } = await codeFor(browser, web, { scope: 'email' });
    const answer = await tokenRequest(
      suite.context,
      { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: request.codeVerifier },
      web.application,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.id_token).toBeUndefined();
    const response = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}${USERINFO_PATH}`, {
        headers: { authorization: `Bearer ${answer.body.access_token}` },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('claims parameter: a userinfo claim asked for is answered; the parameter without openid is refused', async () => {
    const claims = JSON.stringify({ userinfo: { email: null } });
    const request = await authorizationRequest(web.configuration, { scope: 'openid', extra: { claims } });
    const callback = await authorizeInBrowser(browser, request.url);
    const tokens = await exchangeCode(web.configuration, callback, request);
    const info = await openIdClient.fetchUserInfo(web.configuration, tokens.access_token, tokens.claims()!.sub);
    expect(info.email).toBeTypeOf('string');

    const withoutOpenId = await authorizationRequest(web.configuration, { scope: 'email', extra: { claims } });
    const refused = destination(await open(browser, withoutOpenId.url));
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('code')).toBeNull();
  });

  it('organizations claim: in the ID token and userinfo when the organizations scope is granted', async () => {
    const created = await browser.post('/api/auth/organization/create', { name: 'Claimed Org', slug: 'claimed-org' });
    expect(created.status, created.text).toBe(200);
    const request = await authorizationRequest(web.configuration, { scope: 'openid organizations' });
    const callback = await authorizeInBrowser(browser, request.url);
    const tokens = await exchangeCode(web.configuration, callback, request);
    const expected = [{ id: created.body.id, name: 'Claimed Org', slug: 'claimed-org', role: 'owner' }];
    expect(tokens.claims()?.organizations).toEqual(expected);
    const info = await openIdClient.fetchUserInfo(web.configuration, tokens.access_token, tokens.claims()!.sub);
    expect(info.organizations).toEqual(expected);

    const without = await authorizationRequest(web.configuration, { scope: 'openid' });
    const plain = await exchangeCode(web.configuration, await authorizeInBrowser(browser, without.url), without);
    expect(plain.claims()?.organizations).toBeUndefined();
  });
});
