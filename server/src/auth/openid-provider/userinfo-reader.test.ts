import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp, verifyEmail } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import {
  authorizationRequest,
  authorizeInBrowser,
  exchangeCode,
  registerTestApplication,
  relyingParty,
} from '#test/openid';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

describe.each(ENGINES)('userinfo answered before Better Auth (%s)', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });

  /** The same request twice: GET (answered by our reader when it can) and POST (always the provider's). */
  async function bothWays(accessToken: string) {
    const { app } = suite.context;
    const ask = async (method: 'GET' | 'POST') => {
      const response = await app.fetch(
        new Request('http://localhost:3000/api/auth/oauth2/userinfo', {
          method,
          headers: { authorization: `Bearer ${accessToken}` },
        }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const read = vi.spyOn(suite.context.auth, 'readUserInfo');
    const fast = await ask('GET');
    const answered = (await read.mock.results[0]?.value) !== undefined;
    read.mockRestore();
    return { fast, provider: await ask('POST'), answered };
  }

  async function tokensFor(browser: TestClient, scope: string, extra: Record<string, string> = {}) {
    const { app } = suite.context;
    const application = await registerTestApplication(suite.context, await signInAdmin(app));
    const configuration = await relyingParty(app, application);
    const request = await authorizationRequest(configuration, { scope, extra });
    const callback = await authorizeInBrowser(browser, request.url);
    return { application, tokens: await exchangeCode(configuration, callback, request) };
  }

  it('answers what the provider answers, for every scope and claims request', async () => {
    const { app } = suite.context;
    const verified = await signUp(app, { email: `info-verified-${engine}@example.com`, name: 'Ada Augusta Lovelace' });
    await verifyEmail(suite.context, verified.client, `info-verified-${engine}@example.com`);
    const plain = await signUp(app, { email: `info-plain-${engine}@example.com`, name: 'Mononym' });
    await plain.client.post('/api/auth/organization/create', { name: 'Infoco', slug: `infoco-${engine}` });

    const cases: Array<[TestClient, string, Record<string, string>?]> = [
      [verified.client, 'openid'],
      [verified.client, 'openid profile'],
      [verified.client, 'openid email'],
      [plain.client, 'openid profile email organizations'],
      [plain.client, 'openid offline_access'],
      [verified.client, 'openid', { claims: JSON.stringify({ userinfo: { email: null, given_name: null } }) }],
    ];
    for (const [browser, scope, extra] of cases) {
      const { tokens } = await tokensFor(browser, scope, extra);
      const { fast, provider, answered } = await bothWays(tokens.access_token);
      expect(answered, scope).toBe(true);
      expect(fast, scope).toEqual(provider);
      expect(fast.status).toBe(200);
    }
  });

  it('leaves every refusal to the provider: an unknown, revoked or expired token, a disabled application, an ended session', async () => {
    const { app, database } = suite.context;
    const person = await signUp(app, { email: `info-refused-${engine}@example.com` });
    const expect401 = async (accessToken: string, why: string) => {
      const { fast, provider, answered } = await bothWays(accessToken);
      expect(answered, why).toBe(false);
      expect(fast, why).toEqual(provider);
      expect(fast.status, why).toBeGreaterThanOrEqual(400);
    };
    await expect401('NotARealTokenAtAllButLongEnough', 'unknown');

    const revoked = await tokensFor(person.client, 'openid email');
    const revocation = await app.fetch(
      new Request('http://localhost:3000/api/auth/oauth2/revoke', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${btoa(`${revoked.application.clientId}:${revoked.application.clientSecret}`)}`,
        },
        body: `token=${revoked.tokens.access_token}&token_type_hint=access_token`,
      }),
    );
    expect(revocation.status).toBe(200);
    await expect401(revoked.tokens.access_token, 'revoked');

    const expired = await tokensFor(person.client, 'openid email');
    await (database.db as any)
      .updateTable('oauthAccessToken')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('clientId', '=', expired.application.clientId)
      .execute();
    await expect401(expired.tokens.access_token, 'expired');

    const disabled = await tokensFor(person.client, 'openid email');
    await (database.db as any)
      .updateTable('oauthClient')
      .set({ disabled: engine === 'postgres' ? true : 1 })
      .where('clientId', '=', disabled.application.clientId)
      .execute();
    await expect401(disabled.tokens.access_token, 'disabled application');

    const ended = await tokensFor(person.client, 'openid email');
    await (database.db as any)
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', person.id)
      .execute();
    await expect401(ended.tokens.access_token, 'ended session');
  });
});
