import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { authorizationRequest, authorizeInBrowser, openIdClient, TEST_REDIRECT_URI } from '#test/openid';
import { ENGINES } from '#test/test-context';
import {
  codeFor,
  countProviderRows,
  FULL_SCOPE,
  issued,
  party,
  providerSuite,
  tokenRequest,
  tokensFor,
  userInfoStatus,
  type Party,
} from './provider-support';

const REGISTRATION = {
  client_name: 'Planted app',
  redirect_uris: ['https://planted.example/callback'],
  token_endpoint_auth_method: 'client_secret_basic',
};

/**
 * The four advisories of June 2026 against @better-auth/oauth-provider (decision 0081), one test
 * each: 1.7.5 with our configuration is not open to any of them.
 */
describe.each(ENGINES)('OpenID provider: the June 2026 advisories (%s)', (engine) => {
  const suite = providerSuite(engine);
  let admin: TestClient;
  let browser: TestClient;
  let web: Party;

  beforeAll(async () => {
    admin = await suite.admin();
    web = await party(suite.context, admin, { name: 'Web app' });
    ({ client: browser } = await suite.person('advised'));
  });

  it('GHSA-xr8f-h2gw-9xh6 (client privileges): nobody registers an application through the plugin', async () => {
    const { client: person } = await suite.person('planter');
    const before = await countProviderRows(suite.context, 'oauthClient');
    for (const caller of [person, admin]) {
      for (const path of [
        '/api/auth/oauth2/create-client',
        '/api/auth/oauth2/register',
        '/api/auth/admin/oauth2/create-client',
      ]) {
        const response = await caller.post(path, REGISTRATION);
        expect(response.status, `${path}: ${response.text}`).toBe(404);
      }
    }
    // Nor through the server-side call, for anyone but a platform admin (our clientPrivileges).
    await expect(
      suite.context.auth.api.createOAuthClient({
        headers: new Headers({ cookie: person.cookieHeader }),
        body: REGISTRATION,
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(await countProviderRows(suite.context, 'oauthClient')).toBe(before);
  });

  it('GHSA-7w99-5wm4-3g79 (code redemption): one code redeemed concurrently never gives tokens twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { request, code } = await codeFor(browser, web);
      const params = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: request.codeVerifier,
      };
      const before = await countProviderRows(suite.context, 'oauthAccessToken');
      const answers = await Promise.all([1, 2, 3].map(() => tokenRequest(suite.context, params, web.application)));
      const granted = answers.filter((answer) => answer.status === 200);
      expect(granted.length).toBeLessThanOrEqual(1);
      // The replays are refused. A redemption whose refresh token a replay deleted while it was
      // still writing fails as a server error (the provider's own clean-up): nothing issued either.
      const refusals = answers.filter((answer) => answer.status !== 200);
      expect(refusals.filter((answer) => answer.status === 500).length).toBeLessThanOrEqual(1 - granted.length);
      for (const refused of refusals.filter((answer) => answer.status !== 500)) {
        expect(refused.status, JSON.stringify(refused.body)).toBe(400);
        expect(refused.body.error).toBe('invalid_grant');
      }
      // A code seen twice ends what it gave (RFC 6749 §4.1.2), even to a redemption that was
      // still writing its tokens when the replay came.
      for (const answer of granted) {
        expect(await userInfoStatus(suite.context, answer.body.access_token as string)).toBe(401);
      }
      expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
    }
  });

  it('GHSA-392p-2q2v-4372 (refresh rotation): one refresh token redeemed concurrently never forks the family', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { refreshToken } = await tokensFor(browser, web);
      const params = { grant_type: 'refresh_token', refresh_token: refreshToken };
      const answers = await Promise.all([1, 2, 3].map(() => tokenRequest(suite.context, params, web.application)));
      const granted = answers.filter((answer) => answer.status === 200);
      expect(granted.length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe('invalid_grant');
      }
      // Two live successors would be a fork: at most one refresh token of the family still works.
      const successors = granted.map((answer) => answer.body.refresh_token as string);
      let working = 0;
      for (const successor of successors) {
        const next = await tokenRequest(
          suite.context,
          { grant_type: 'refresh_token', refresh_token: successor },
          web.application,
        );
        if (next.status === 200) working += 1;
      }
      expect(working).toBeLessThanOrEqual(1);
    }
  });

  it('GHSA-p2fr-6hmx-4528 (resource indicators): a resource the grant was not given is refused everywhere', async () => {
    const resource = 'https://api.example/';
    // At the authorization endpoint: an error to the application, no code.
    const before = await issued(suite.context);
    const request = await authorizationRequest(web.configuration, { scope: FULL_SCOPE, extra: { resource } });
    const callback = await authorizeInBrowser(browser, request.url);
    expect(callback.searchParams.get('error')).toBe('invalid_target');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await issued(suite.context)).toEqual(before);

    // At the token endpoint, with a code granted for no resource.
    const { request: granted, code } = await codeFor(browser, web);
    const tokensBefore = await countProviderRows(suite.context, 'oauthAccessToken');
    const exchanged = await tokenRequest(
      suite.context,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: granted.codeVerifier,
        resource,
      },
      web.application,
    );
    expect(exchanged.status).toBe(400);
    expect(exchanged.body.error).toBe('invalid_target');
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(tokensBefore);

    // On refresh, with a refresh token granted for no resource.
    const { refreshToken } = await tokensFor(browser, web);
    const refreshBefore = await countProviderRows(suite.context, 'oauthAccessToken');
    const refreshed = await tokenRequest(
      suite.context,
      { grant_type: 'refresh_token', refresh_token: refreshToken, resource },
      web.application,
    );
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_target');
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(refreshBefore);
    expect((await openIdClient.refreshTokenGrant(web.configuration, refreshToken)).access_token).toBeTruthy();
  });
});
