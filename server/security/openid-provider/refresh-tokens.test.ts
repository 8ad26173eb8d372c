import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { openIdClient } from '#test/openid';
import { ENGINES } from '#test/test-context';
import {
  countProviderRows,
  party,
  providerSuite,
  refusalOf,
  tokenRequest,
  tokensFor,
  userInfoStatus,
  type Party,
} from './provider-support';

/**
 * Refresh tokens (RFC 9700 §4.14, OAuth 2.1 §4.3): each is used once and replaced (strict rotation,
 * `refreshTokenReuseInterval: 0`); one used again ends its whole family; it serves only the client
 * it was issued to, and never for more than was granted.
 */
describe.each(ENGINES)('OpenID provider: refresh tokens (%s)', (engine) => {
  const suite = providerSuite(engine);
  let browser: TestClient;
  let web: Party;
  let other: Party;

  beforeAll(async () => {
    const admin = await suite.admin();
    web = await party(suite.context, admin, { name: 'Web app' });
    other = await party(suite.context, admin, { name: 'Other app' });
    ({ client: browser } = await suite.person('refresher'));
  });

  it('rotates: R0 gives R1; R0 again is refused and R1, with every access token of the family, is dead too', async () => {
    const { accessToken: a0, refreshToken: r0 } = await tokensFor(browser, web);
    const first = await openIdClient.refreshTokenGrant(web.configuration, r0);
    const r1 = first.refresh_token!;
    expect(r1).toBeTruthy();
    expect(r1).not.toBe(r0);
    expect(await userInfoStatus(suite.context, first.access_token)).toBe(200);

    expect(await refusalOf(openIdClient.refreshTokenGrant(web.configuration, r0))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await refusalOf(openIdClient.refreshTokenGrant(web.configuration, r1))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await userInfoStatus(suite.context, first.access_token)).toBe(401);
    expect(await userInfoStatus(suite.context, a0)).toBe(401);
  });

  it("refuses client B using client A's refresh token, and A's token still works", async () => {
    const { refreshToken } = await tokensFor(browser, web);
    const before = await countProviderRows(suite.context, 'oauthRefreshToken');
    expect(await refusalOf(openIdClient.refreshTokenGrant(other.configuration, refreshToken))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(await countProviderRows(suite.context, 'oauthRefreshToken')).toBe(before);
    const own = await openIdClient.refreshTokenGrant(web.configuration, refreshToken);
    expect(own.refresh_token).toBeTruthy();
  });

  it('refuses a refresh asking for a scope that was not granted, and the token is not spent by it', async () => {
    const { refreshToken } = await tokensFor(browser, web, { scope: 'openid offline_access' });
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    for (const scope of ['openid offline_access email', 'organizations', 'openid admin']) {
      expect(await refusalOf(openIdClient.refreshTokenGrant(web.configuration, refreshToken, { scope }))).toEqual({
        status: 400,
        error: 'invalid_scope',
      });
    }
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
    const narrower = await openIdClient.refreshTokenGrant(web.configuration, refreshToken, { scope: 'openid' });
    expect(narrower.scope).toBe('openid');
  });

  it('refuses a refresh with a wrong client secret', async () => {
    const { refreshToken } = await tokensFor(browser, web);
    const before = await countProviderRows(suite.context, 'oauthAccessToken');
    const refused = await tokenRequest(
      suite.context,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      { clientId: web.application.clientId, clientSecret: 'not-the-secret' },
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    expect(await countProviderRows(suite.context, 'oauthAccessToken')).toBe(before);
  });

  it('ends the successor of a refresh token replayed while its first redemption was still writing it (better-auth#11317)', async () => {
    const { refreshToken: r0 } = await tokensFor(browser, web);
    const adapter = (await suite.context.auth.$context).adapter;
    const create = adapter.create.bind(adapter);
    let paused!: () => void;
    let resume!: () => void;
    const reached = new Promise<void>((resolve) => (paused = resolve));
    const released = new Promise<void>((resolve) => (resume = resolve));
    // The first redemption stops right before it writes its successor, after it marked R0 as used.
    adapter.create = (async (input: Parameters<typeof create>[0]) => {
      if (input.model === 'oauthRefreshToken') {
        adapter.create = create;
        paused();
        await released;
      }
      return create(input);
    }) as typeof adapter.create;
    try {
      const params = { grant_type: 'refresh_token', refresh_token: r0 };
      const first = tokenRequest(suite.context, params, web.application);
      await reached;
      const replay = await tokenRequest(suite.context, params, web.application);
      expect(replay.status).toBe(400);
      expect(replay.body.error).toBe('invalid_grant');
      resume();
      const answer = await first;
      // Refused, or answered with tokens already dead: the family ended either way.
      if (answer.status === 200) {
        expect(await userInfoStatus(suite.context, answer.body.access_token as string)).toBe(401);
        const next = await tokenRequest(
          suite.context,
          { grant_type: 'refresh_token', refresh_token: answer.body.refresh_token as string },
          web.application,
        );
        expect(next.status).toBe(400);
      } else {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe('invalid_grant');
      }
      expect(await countProviderRows(suite.context, 'oauthRefreshToken', { clientId: web.application.clientId })).toBe(
        0,
      );
    } finally {
      adapter.create = create;
      resume();
    }
  });
});
