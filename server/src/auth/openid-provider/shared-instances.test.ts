import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import {
  authorizationRequest,
  authorizeInBrowser,
  exchangeCode,
  openIdClient,
  registerTestApplication,
  relyingParty,
  signInToApplication,
  TEST_REDIRECT_URI,
} from '#test/openid';
import { sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';

const PASSWORD = 'user-password-1';

/** The key set an instance publishes at the `jwks_uri` its discovery names. */
async function keySetOf(app: Hono) {
  const discovery = await app.fetch(new Request(`${TEST_ORIGIN}/.well-known/openid-configuration`));
  const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri: string };
  const published = await app.fetch(new Request(jwksUri));
  expect(published.status).toBe(200);
  return (await published.json()) as { keys: { kid: string; alg: string }[] };
}

/**
 * Two instances on one database and one Redis, as behind a load balancer: whatever one instance
 * issues or records (signing keys, codes, tokens, consents, revocations), the other honours.
 */
describe.each(ENGINES)('OpenID Connect provider across instances (%s)', (engine) => {
  const instances = sharedInstancesPerSuite(engine, { secondEnv: ADMIN_ENV });

  /** One application, its relying party pointed at each instance, and a person signed in on the first. */
  async function setUp(email: string) {
    const { first, second } = instances;
    const { client: browserOnFirst, id } = await signUp(first.app, { email, name: 'Ada' });
    const application = await registerTestApplication(second, await signInAdmin(second.app));
    return {
      id,
      application,
      browserOnFirst,
      onFirst: await relyingParty(first.app, application),
      onSecond: await relyingParty(second.app, application),
    };
  }

  it('redeems on one instance a code given on the other, and each verifies the ID tokens the other signs', async () => {
    const { id, browserOnFirst, onFirst, onSecond } = await setUp(`codes-${engine}@example.com`);

    // Consent on the first, code exchange on the second.
    const request = await authorizationRequest(onFirst);
    const callback = await authorizeInBrowser(browserOnFirst, request.url);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const tokens = await exchangeCode(onSecond, callback, request);
    expect(tokens.claims()?.sub).toBe(id);
    expect(await openIdClient.fetchUserInfo(onFirst, tokens.access_token, id)).toMatchObject({ sub: id });

    // The code was used up on the second: the first refuses it too.
    await expect(exchangeCode(onFirst, callback, request)).rejects.toMatchObject({ error: 'invalid_grant' });

    // One key set: both instances publish the same keys, and the ID tokens either signs verify against either's.
    const firstKeys = await keySetOf(instances.first.app);
    const secondKeys = await keySetOf(instances.second.app);
    expect(secondKeys.keys.map((key) => key.kid).sort()).toEqual(firstKeys.keys.map((key) => key.kid).sort());
    const signedByFirst = (await signInToApplication(browserOnFirst, onFirst)).id_token!;
    for (const [idToken, keys] of [
      [tokens.id_token!, firstKeys],
      [signedByFirst, secondKeys],
    ] as const) {
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys), {
        issuer: TEST_ORIGIN,
        audience: onFirst.clientMetadata().client_id,
      });
      expect(payload.sub).toBe(id);
    }
  });

  it('gives tokens once for a code redeemed on both instances at once, and ends them when a replay comes', async () => {
    const { first, second } = instances;
    const { application, browserOnFirst, onFirst } = await setUp(`concurrent-codes-${engine}@example.com`);
    const basic = `Basic ${Buffer.from(`${application.clientId}:${application.clientSecret}`).toString('base64')}`;
    const redeem = (app: Hono, code: string, codeVerifier: string) =>
      app.fetch(
        new Request(`${TEST_ORIGIN}/api/auth/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: TEST_REDIRECT_URI,
            code_verifier: codeVerifier,
          }),
        }),
      );
    for (let round = 0; round < 3; round += 1) {
      const request = await authorizationRequest(onFirst);
      const code = (await authorizeInBrowser(browserOnFirst, request.url)).searchParams.get('code')!;
      const answers = await Promise.all(
        [first.app, second.app, second.app].map(async (app) => {
          const response = await redeem(app, code, request.codeVerifier);
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        }),
      );
      const granted = answers.filter((answer) => answer.status === 200);
      expect(granted.length).toBeLessThanOrEqual(1);
      // The replays, counted in Redis where these instances keep codes, end what the code gave.
      for (const answer of granted) {
        const info = await first.app.fetch(
          new Request(`${TEST_ORIGIN}/api/auth/oauth2/userinfo`, {
            headers: { authorization: `Bearer ${String(answer.body.access_token)}` },
          }),
        );
        expect(info.status).toBe(401);
      }
      for (const refused of answers.filter((answer) => answer.status !== 200 && answer.status !== 500)) {
        expect([refused.status, refused.body.error]).toEqual([400, 'invalid_grant']);
      }
    }
  });

  it('ends the whole refresh family on one instance when a rotated-out refresh token is replayed on the other', async () => {
    const { browserOnFirst, onFirst, onSecond } = await setUp(`family-${engine}@example.com`);
    const issued = await signInToApplication(browserOnFirst, onFirst, { scope: 'openid offline_access' });
    expect(issued.refresh_token).toBeTruthy();

    const refreshed = await openIdClient.refreshTokenGrant(onSecond, issued.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(issued.refresh_token);

    await expect(openIdClient.refreshTokenGrant(onFirst, issued.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The replay ended the family: the newest refresh token is refused as well, on either instance.
    await expect(openIdClient.refreshTokenGrant(onSecond, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('honours on one instance a revocation made on the other', async () => {
    const { id, browserOnFirst, onFirst, onSecond } = await setUp(`revoke-${engine}@example.com`);
    const issued = await signInToApplication(browserOnFirst, onFirst, { scope: 'openid profile offline_access' });
    expect(await openIdClient.fetchUserInfo(onSecond, issued.access_token, id)).toMatchObject({ sub: id });

    await openIdClient.tokenRevocation(onFirst, issued.refresh_token!, { token_type_hint: 'refresh_token' });

    await expect(openIdClient.fetchUserInfo(onSecond, issued.access_token, id)).rejects.toMatchObject({
      response: { status: 401 },
    });
    await expect(openIdClient.refreshTokenGrant(onSecond, issued.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('remembers on one instance a consent given on the other', async () => {
    const email = `consent-${engine}@example.com`;
    const { id, browserOnFirst, onFirst, onSecond } = await setUp(email);
    const browserOnSecond = await signIn(instances.second.app, email, PASSWORD);
    const landing = async (url: URL) => {
      const opened = await browserOnSecond.get(`${url.pathname}${url.search}`);
      const location = opened.headers.get('location') ?? (opened.body as { url?: string } | null)?.url;
      return new URL(location!, TEST_ORIGIN);
    };
    // Before any consent, the second instance asks for it.
    expect((await landing((await authorizationRequest(onSecond)).url)).pathname).toBe('/consent');

    const consented = await authorizeInBrowser(browserOnFirst, (await authorizationRequest(onFirst)).url);
    expect(consented.searchParams.get('code')).toBeTruthy();

    // After it, the same person on the second instance goes straight back to the application, with a code.
    const again = await authorizationRequest(onSecond);
    const callback = await landing(again.url);
    expect(`${callback.origin}${callback.pathname}`).toBe(TEST_REDIRECT_URI);
    const tokens = await exchangeCode(onSecond, callback, again);
    expect(tokens.claims()?.sub).toBe(id);
  });

  it('refuses on one instance, at once, an application deleted through the other', async () => {
    const { browserOnFirst, onFirst } = await setUp(`deleted-${engine}@example.com`);
    // The first instance has read the application (authorize and consent) before it is deleted.
    const request = await authorizationRequest(onFirst);
    const callback = await authorizeInBrowser(browserOnFirst, request.url);
    await instances.second.auth.api.deleteOAuthClient({
      headers: new Headers({ cookie: (await signInAdmin(instances.second.app)).cookieHeader }),
      body: { client_id: onFirst.clientMetadata().client_id },
    });
    // The client's credentials no longer authenticate it: 401 with a Basic challenge.
    await expect(exchangeCode(onFirst, callback, request)).rejects.toMatchObject({ status: 401 });
  });

  it('stores tokens and client secrets under the SHA-256 digest the plugin uses by default, so instances of an earlier version still find them', async () => {
    const { browserOnFirst, onFirst } = await setUp(`stored-${engine}@example.com`);
    const issued = await signInToApplication(browserOnFirst, onFirst, { scope: 'openid offline_access' });
    // What the plugin's default ("hashed") computes: Web Crypto SHA-256, base64url without padding.
    const digest = async (token: string) =>
      Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))).toString('base64url');
    const rows = instances.first.database.db.withTables<{
      oauthAccessToken: { token: string };
      oauthRefreshToken: { token: string };
      oauthClient: { clientId: string; clientSecret: string };
    }>();
    const accessToken = await digest(issued.access_token);
    const refreshToken = await digest(issued.refresh_token!);
    expect(
      await rows.selectFrom('oauthAccessToken').select('token').where('token', '=', accessToken).executeTakeFirst(),
    ).toEqual({ token: accessToken });
    expect(
      await rows.selectFrom('oauthRefreshToken').select('token').where('token', '=', refreshToken).executeTakeFirst(),
    ).toEqual({ token: refreshToken });
    const { client_id: clientId, client_secret: clientSecret } = onFirst.clientMetadata();
    expect(
      await rows.selectFrom('oauthClient').select('clientSecret').where('clientId', '=', clientId).executeTakeFirst(),
    ).toEqual({ clientSecret: await digest(clientSecret as string) });
  });
});
