import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { authorizationRequest, openIdClient, TEST_REDIRECT_URI } from '#test/openid';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import {
  codeFor,
  countProviderRows,
  issued,
  party,
  providerDb,
  providerSuite,
  refusalOf,
  tokenRequest,
  tokensFor,
  userInfoStatus,
  type Party,
} from './provider-support';

/** A disabled application gets nothing more: no code, no token, no refresh, and its tokens stop. */
describe.each(ENGINES)('OpenID provider: a disabled application (%s)', (engine) => {
  const suite = providerSuite(engine);
  let browser: TestClient;
  let web: Party;

  beforeAll(async () => {
    web = await party(suite.context, await suite.admin(), { name: 'Soon disabled' });
    ({ client: browser } = await suite.person('user-of-disabled'));
  });

  it('refuses the authorization request, the code exchange, the refresh and userinfo once disabled', async () => {
    const { accessToken, refreshToken } = await tokensFor(browser, web);
    const pending = await codeFor(browser, web);
    await providerDb(suite.context)
      .updateTable('oauthClient')
      .set({ disabled: engine === 'sqlite' ? 1 : true })
      .where('clientId', '=', web.application.clientId)
      .execute();

    const before = await issued(suite.context);
    const request = await authorizationRequest(web.configuration);
    const opened = await browser.get(`${request.url.pathname}${request.url.search}`);
    const to = new URL(opened.headers.get('location')!, TEST_ORIGIN);
    expect(to.origin + to.pathname).toBe(`${TEST_ORIGIN}/api/auth/error`);
    expect(to.searchParams.get('error')).toBe('client_disabled');
    expect(await issued(suite.context)).toEqual(before);

    const tokensBefore = await countProviderRows(suite.context, 'oauthAccessToken');
    const exchanged = await tokenRequest(
      suite.context,
      {
        grant_type: 'authorization_code',
        code: pending.code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: pending.request.codeVerifier,
      },
      web.application,
    );
    expect(exchanged.status).toBe(401);
    expect(exchanged.body.error).toBe('invalid_client');
    expect(await refusalOf(openIdClient.refreshTokenGrant(web.configuration, refreshToken))).toEqual({
      status: 401,
      error: 'invalid_client',
    });
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(tokensBefore);
    expect(await userInfoStatus(suite.context, accessToken)).toBe(401);
  });
});
