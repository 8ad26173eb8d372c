import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { openIdClient, registerTestApplication, relyingParty, signInToApplication } from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

describe.each(ENGINES)('OpenID Connect provider (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });

  it('signs a person in to an application: discovery, consent, code with PKCE, verified ID token, userinfo', async () => {
    const { app } = suite.context;
    const { client: browser, id } = await signUp(app, { email: `oidc-${engine}@example.com`, name: 'Ada' });
    const application = await registerTestApplication(suite.context, await signInAdmin(app));
    const configuration = await relyingParty(app, application);
    expect(configuration.serverMetadata().issuer).toBe('http://localhost:3000');

    const tokens = await signInToApplication(browser, configuration, { scope: 'openid profile email' });
    const claims = tokens.claims();
    expect(claims?.sub).toBe(id);
    const info = await openIdClient.fetchUserInfo(configuration, tokens.access_token, id);
    expect(info).toMatchObject({ sub: id, email: `oidc-${engine}@example.com`, name: 'Ada' });
  });
});
