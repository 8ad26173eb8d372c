import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { authorizationRequest, authorizeInBrowser, exchangeCode, openIdClient, TEST_REDIRECT_URI } from '#test/openid';
import { ENGINES } from '#test/test-context';
import {
  codeFor,
  codeOf,
  countProviderRows,
  FULL_SCOPE,
  issued,
  party,
  providerDb,
  providerSuite,
  refusalOf,
  tokenRequest,
  userInfoStatus,
  type Party,
} from './provider-support';

/**
 * Authorization codes and PKCE (RFC 6749 §4.1, RFC 7636, OAuth 2.1): a code is redeemed once, by
 * the client it was issued to, with the verifier of its challenge, before it expires; a replay ends
 * what the first redemption gave.
 */
describe.each(ENGINES)('OpenID provider: authorization codes and PKCE (%s)', (engine) => {
  const suite = providerSuite(engine);
  let browser: TestClient;
  let web: Party;
  let other: Party;
  let spa: Party;

  beforeAll(async () => {
    const admin = await suite.admin();
    web = await party(suite.context, admin, { name: 'Web app' });
    other = await party(suite.context, admin, { name: 'Other app' });
    spa = await party(suite.context, admin, { name: 'Single-page app', isPublic: true });
    ({ client: browser } = await suite.person('coder'));
  });

  it('refuses an authorization request of a public client without PKCE: an error to the app, no code', async () => {
    const before = await issued(suite.context);
    const url = openIdClient.buildAuthorizationUrl(spa.configuration, {
      redirect_uri: TEST_REDIRECT_URI,
      scope: 'openid',
      state: 'no-pkce',
    });
    const callback = await authorizeInBrowser(browser, url);
    expect(callback.origin + callback.pathname).toBe(TEST_REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('state')).toBe('no-pkce');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await issued(suite.context)).toEqual(before);
  });

  it('refuses the plain PKCE method: only S256', async () => {
    const before = await issued(suite.context);
    const url = openIdClient.buildAuthorizationUrl(spa.configuration, {
      redirect_uri: TEST_REDIRECT_URI,
      scope: 'openid',
      code_challenge: 'a-plain-verifier-that-is-long-enough-to-pass-any-length-rule-0123',
      code_challenge_method: 'plain',
    });
    const callback = await authorizeInBrowser(browser, url);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toContain('S256');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await issued(suite.context)).toEqual(before);
  });

  it('refuses a code redeemed with the wrong PKCE verifier, and the code is spent', async () => {
    const { request, callback, code } = await codeFor(browser, spa);
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    const refused = await refusalOf(
      exchangeCode(spa.configuration, callback, { ...request, codeVerifier: openIdClient.randomPKCECodeVerifier() }),
    );
    expect(refused).toEqual({ status: 401, error: 'invalid_request' });
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
    // The right verifier comes too late: a refused redemption still used the code up.
    const again = await tokenRequest(
      suite.context,
      { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: request.codeVerifier },
      { clientId: spa.application.clientId },
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('refuses a code redeemed without its verifier, by a public and by a confidential client', async () => {
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    for (const rp of [spa, web]) {
      const { code } = await codeFor(browser, rp);
      const refused = await tokenRequest(
        suite.context,
        { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI },
        rp.application,
      );
      // The public client has no other proof; the confidential one must give both (OAuth 2.1).
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_request');
    }
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
  });

  it('refuses a code used twice, and ends the tokens its first redemption gave', async () => {
    const { request, callback } = await codeFor(browser, web);
    const first = await exchangeCode(web.configuration, callback, request);
    expect(await userInfoStatus(suite.context, first.access_token)).toBe(200);

    const replay = await refusalOf(exchangeCode(web.configuration, callback, request));
    expect(replay).toEqual({ status: 400, error: 'invalid_grant' });

    expect(await userInfoStatus(suite.context, first.access_token)).toBe(401);
    const refreshed = await refusalOf(openIdClient.refreshTokenGrant(web.configuration, first.refresh_token!));
    expect(refreshed).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('refuses an expired code, and issues nothing for it', async () => {
    const { request, callback } = await codeFor(browser, web);
    // The code's row is the newest verification the provider wrote; push its expiry into the past.
    const row = await providerDb(suite.context)
      .selectFrom('verification')
      .select(['id', 'value'])
      .where('value', 'like', `%${request.state}%`)
      .executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 60_000);
    await providerDb(suite.context)
      .updateTable('verification')
      .set({ expiresAt: engine === 'sqlite' ? past.toISOString() : past })
      .where('id', '=', row.id as string)
      .execute();
    const before = await issued(suite.context);
    const refused = await refusalOf(exchangeCode(web.configuration, callback, request));
    expect(refused).toEqual({ status: 400, error: 'invalid_grant' });
    const after = await issued(suite.context);
    expect({ ...after, verifications: before.verifications }).toEqual(before);
  });

  it('refuses a wrong client secret, and the code it tried is spent for nobody', async () => {
    const { request, code } = await codeFor(browser, web);
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    const refused = await tokenRequest(
      suite.context,
      { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: request.codeVerifier },
      { clientId: web.application.clientId, clientSecret: `${web.application.clientSecret}x` },
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
  });

  it("refuses client B redeeming client A's code, with B's own valid secret", async () => {
    const { request, code } = await codeFor(browser, web);
    const before = await issued(suite.context);
    const refused = await tokenRequest(
      suite.context,
      { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: request.codeVerifier },
      other.application,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    const after = await issued(suite.context);
    expect({ accessTokens: after.accessTokens, refreshTokens: after.refreshTokens }).toEqual({
      accessTokens: before.accessTokens,
      refreshTokens: before.refreshTokens,
    });
  });

  it('refuses a code redeemed with another redirect_uri than the one it was issued for', async () => {
    const { request, code } = await codeFor(browser, web);
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    const refused = await tokenRequest(
      suite.context,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://localhost:4000/other',
        code_verifier: request.codeVerifier,
      },
      web.application,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
  });

  it('still issues tokens for a code redeemed once, rightly (the refusals above are not a broken provider)', async () => {
    const request = await authorizationRequest(web.configuration, { scope: FULL_SCOPE });
    const callback = await authorizeInBrowser(browser, request.url);
    codeOf(callback);
    const tokens = await exchangeCode(web.configuration, callback, request);
    expect(await userInfoStatus(suite.context, tokens.access_token)).toBe(200);
  });
});
