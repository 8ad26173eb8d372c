import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { openIdClient, relyingParty } from '#test/openid';
import { ENGINES } from '#test/test-context';
import { party, providerSuite, refusalOf, tokensFor, type Party } from './provider-support';

/**
 * Introspection for resource servers (RFC 7662): an application asks about its own tokens with its
 * credentials; it learns nothing about another's, nor about a revoked token, nor without its secret.
 */
describe.each(ENGINES)('OpenID provider: introspection (%s)', (engine) => {
  const suite = providerSuite(engine);
  let browser: TestClient;
  let personId: string;
  let web: Party;
  let other: Party;

  beforeAll(async () => {
    const admin = await suite.admin();
    web = await party(suite.context, admin, { name: 'Resource owner app' });
    other = await party(suite.context, admin, { name: 'Another app' });
    ({ client: browser, id: personId } = await suite.person('introspected'));
  });

  it('tells the application its own live token, with who and what it may do', async () => {
    const { accessToken, refreshToken } = await tokensFor(browser, web);
    const access = await openIdClient.tokenIntrospection(web.configuration, accessToken);
    expect(access).toMatchObject({ active: true, sub: personId, client_id: web.application.clientId });
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'offline_access']));
    const refresh = await openIdClient.tokenIntrospection(web.configuration, refreshToken, {
      token_type_hint: 'refresh_token',
    });
    expect(refresh.active).toBe(true);
  });

  it("answers inactive for another application's token and for a revoked one, and refuses a wrong secret", async () => {
    const { accessToken } = await tokensFor(browser, web);
    expect(await openIdClient.tokenIntrospection(other.configuration, accessToken)).toEqual({ active: false });

    const wrongSecret = await relyingParty(suite.context.app, { ...web.application, clientSecret: 'not-the-secret' });
    expect(await refusalOf(openIdClient.tokenIntrospection(wrongSecret, accessToken))).toMatchObject({
      status: 401,
      error: 'invalid_client',
    });

    await openIdClient.tokenRevocation(web.configuration, accessToken);
    expect(await openIdClient.tokenIntrospection(web.configuration, accessToken)).toMatchObject({ active: false });
  });
});
