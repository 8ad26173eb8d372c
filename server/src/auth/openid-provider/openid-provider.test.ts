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

  it('signs a person in to a public application (PKCE, no secret), whose browser code reads the token endpoints from its own origin', async () => {
    const { app } = suite.context;
    const { client: browser, id } = await signUp(app, { email: `spa-${engine}@example.com` });
    const application = await registerTestApplication(suite.context, await signInAdmin(app), { isPublic: true });
    expect(application.clientSecret).toBeUndefined();
    const tokens = await signInToApplication(browser, await relyingParty(app, application));
    expect(tokens.claims()?.sub).toBe(id);

    const preflight = (path: string) =>
      app.fetch(
        new Request(`http://localhost:3000${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'https://spa.example', 'access-control-request-method': 'POST' },
        }),
      );
    for (const path of [
      '/api/auth/oauth2/token',
      '/api/auth/oauth2/revoke',
      '/api/auth/oauth2/userinfo',
      '/api/auth/jwks',
    ]) {
      const answer = await preflight(path);
      expect([answer.status, answer.headers.get('access-control-allow-origin')], path).toEqual([204, '*']);
      // Without credentials: no browser sends Gatehouse's cookies along.
      expect(answer.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    // The rest of the auth API stays closed to other origins.
    expect((await preflight('/api/auth/get-session')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
