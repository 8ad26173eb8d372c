import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { exchangeCode, TEST_REDIRECT_URI } from '#test/openid';
import { codeFor, party, providerSuite, tokenRequest, tokensFor, type Party } from './provider-support';

/**
 * Refused token requests are in the audit trail as `application.token` failures: the application,
 * the grant, the OAuth error. Never what was sent to prove it: code, verifier, token or secret.
 */
describe('OpenID provider: refused token requests in the audit trail (sqlite)', () => {
  const suite = providerSuite('sqlite');
  let browser: TestClient;
  let web: Party;

  beforeAll(async () => {
    web = await party(suite.context, await suite.admin(), { name: 'Audited app' });
    ({ client: browser } = await suite.person('audited'));
  });

  const tokenEvents = async () => {
    await suite.context.audit.flush();
    const rows = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'actorId', 'targetUserId', 'details'])
      .where('action', '=', 'application.token')
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }));
  };

  it('records a replayed code, a wrong secret and an unsupported grant, with no secret in them', async () => {
    const before = (await tokenEvents()).length;
    const { request, callback, code } = await codeFor(browser, web);
    await exchangeCode(web.configuration, callback, request);
    const { refreshToken } = await tokensFor(browser, web);
    const sent = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: request.codeVerifier,
    };
    expect((await tokenRequest(suite.context, sent, web.application)).status).toBe(400);
    const wrongSecret = { clientId: web.application.clientId, clientSecret: 'wrong-secret-value' };
    const refresh = { grant_type: 'refresh_token', refresh_token: refreshToken };
    expect((await tokenRequest(suite.context, refresh, wrongSecret)).status).toBe(401);
    expect((await tokenRequest(suite.context, { grant_type: 'password' }, web.application)).status).toBe(400);

    const events = (await tokenEvents()).slice(before);
    expect(events.map((event) => [event.outcome, event.details.grantType, event.details.error])).toEqual([
      ['failure', 'authorization_code', 'invalid_grant'],
      ['failure', 'refresh_token', 'invalid_client'],
      ['failure', 'password', 'unsupported_grant_type'],
    ]);
    for (const event of events) expect(event.details.clientId).toBe(web.application.clientId);
    const written = JSON.stringify(events);
    for (const secret of [
      code,
      request.codeVerifier,
      refreshToken,
      web.application.clientSecret!,
      'wrong-secret-value',
    ]) {
      expect(written).not.toContain(secret);
    }
  });

  it('records nothing for a token request that is granted', async () => {
    const before = (await tokenEvents()).length;
    await tokensFor(browser, web);
    expect((await tokenEvents()).length).toBe(before);
  });
});
