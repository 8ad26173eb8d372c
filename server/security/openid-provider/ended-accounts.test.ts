import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { openIdClient } from '#test/openid';
import { ENGINES } from '#test/test-context';
import {
  countProviderRows,
  party,
  providerSuite,
  refusalOf,
  tokensFor,
  userInfoStatus,
  type Party,
} from './provider-support';

/**
 * A banned or deleted person's applications lose them at once (decision 0080): their access tokens
 * stop answering at userinfo, their refresh tokens are refused, and their consents are gone, so no
 * application goes on acting for them; a deletion is never held up by those rows.
 */
describe.each(ENGINES)('OpenID provider: banned and deleted people (%s)', (engine) => {
  const suite = providerSuite(engine);
  let admin: TestClient;
  let web: Party;
  let other: Party;

  beforeAll(async () => {
    admin = await suite.admin();
    web = await party(suite.context, admin, { name: 'Web app' });
    other = await party(suite.context, admin, { name: 'Other app' });
  });

  /** A person signed in to two applications, with offline access in each. */
  async function connected(label: string) {
    const { client, id } = await suite.person(label);
    const grants = [await tokensFor(client, web), await tokensFor(client, other)];
    for (const { accessToken } of grants) expect(await userInfoStatus(suite.context, accessToken)).toBe(200);
    return { client, id, grants };
  }

  async function expectEnded(id: string, grants: Awaited<ReturnType<typeof connected>>['grants']) {
    for (const [index, { accessToken, refreshToken }] of grants.entries()) {
      expect(await userInfoStatus(suite.context, accessToken)).toBe(401);
      const configuration = (index === 0 ? web : other).configuration;
      expect(await refusalOf(openIdClient.refreshTokenGrant(configuration, refreshToken))).toEqual({
        status: 400,
        error: 'invalid_grant',
      });
    }
    for (const table of ['oauthAccessToken', 'oauthRefreshToken', 'oauthConsent'] as const) {
      expect(await countProviderRows(suite.context, table, { userId: id }), table).toBe(0);
    }
  }

  it('ends every application token and consent of a person an admin bans', async () => {
    const { id, grants } = await connected('banned');
    const banned = await admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'abuse' });
    expect(banned.status, banned.text).toBe(200);
    await expectEnded(id, grants);
  });

  it('ends them for a ban that has an end date too', async () => {
    const { id, grants } = await connected('suspended');
    const banned = await admin.post('/api/auth/admin/ban-user', { userId: id, banExpiresIn: 3600 });
    expect(banned.status, banned.text).toBe(200);
    await expectEnded(id, grants);
  });

  it('deletes a person who deletes their own account, with their tokens and consents', async () => {
    const { client, id, grants } = await connected('leaver');
    const deleted = await client.post('/api/auth/delete-user', { password: 'user-password-1' });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await countProviderRows(suite.context, 'oauthClient', { clientId: web.application.clientId })).toBe(1);
    await expectEnded(id, grants);
  });

  it('deletes a person an admin removes, with their tokens and consents', async () => {
    const { id, grants } = await connected('removed');
    const removed = await admin.post('/api/auth/admin/remove-user', { userId: id });
    expect(removed.status, removed.text).toBe(200);
    await expectEnded(id, grants);
  });
});
