import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { authorizeInBrowser, authorizationRequest, registerTestApplication, relyingParty } from '#test/openid';
import { ENGINES, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { admin, apiKey, guest, impersonation, type Person } from './support/principals';

/**
 * Connected apps (`GET /api/v1/me/applications`, `DELETE /api/v1/me/applications/:clientId`): a
 * person sees and revokes only their own applications, only from the console (a session from our
 * origin), and an admin impersonating them cannot cut them off.
 */

const contexts = sharedContexts();
const LIST = '/api/v1/me/applications';
const EVIL = 'https://evil.example';

const consentRows = (context: TestContext) =>
  context.database.db
    .withTables<{ oauthConsent: { clientId: string; userId: string } }>()
    .selectFrom('oauthConsent')
    .select(['clientId', 'userId'])
    .orderBy('userId')
    .orderBy('clientId')
    .execute();

describe.each(ENGINES)('ASVS V8 connected apps on %s', (engine) => {
  let context: TestContext, victim: Person, attacker: Person, platformAdmin: Person, clientId: string;
  beforeAll(async () => {
    [context, victim, attacker] = await contexts.withUsers(engine, 'Victim', 'Attacker');
    platformAdmin = await admin(context);
    const application = await registerTestApplication(context, platformAdmin.client, { name: 'Victim app' });
    clientId = application.clientId;
    const configuration = await relyingParty(context.app, application);
    await authorizeInBrowser(victim.client, (await authorizationRequest(configuration)).url);
  });

  it("lists the caller's own applications only: another person sees none of the victim's", async () => {
    const own = await victim.client.get(LIST);
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.map((app: { clientId: string }) => app.clientId)).toEqual([clientId]);
    const theirs = await attacker.client.get(LIST);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
  });

  it("does not revoke another person's application by its id: 404, and the victim's consent stays", async () => {
    const before = await consentRows(context);
    const response = await attacker.client.request('DELETE', `${LIST}/${clientId}`);
    expect(response.status, response.text).toBe(404);
    expect(response.body).toMatchObject({ code: 'APPLICATION_NOT_CONNECTED' });
    expect(await consentRows(context)).toEqual(before);
    expect((await victim.client.get(LIST)).body.data).toHaveLength(1);
  });

  it('gives a guest an empty list, and nothing to revoke', async () => {
    const visitor = await guest(context);
    const listed = await visitor.client.get(LIST);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect((await visitor.client.request('DELETE', `${LIST}/${clientId}`)).status).toBe(404);
  });

  it('refuses an API key (403 API_KEY_NOT_ALLOWED) and a caller with no session (401), listing or revoking', async () => {
    const key = await apiKey(victim);
    const before = await consentRows(context);
    for (const [method, path] of [
      ['GET', LIST],
      ['DELETE', `${LIST}/${clientId}`],
    ] as const) {
      const keyed = await new TestClient(context.app).request(method, path, { headers: { 'x-api-key': key } });
      expect(keyed.status, `${method} ${path}`).toBe(403);
      expect(keyed.body).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
      expect((await new TestClient(context.app).request(method, path)).status).toBe(401);
    }
    expect(await consentRows(context)).toEqual(before);
  });

  it('refuses a revoke from a foreign origin (403 INVALID_ORIGIN): nothing is revoked', async () => {
    const before = await consentRows(context);
    const response = await victim.client.request('DELETE', `${LIST}/${clientId}`, { headers: { origin: EVIL } });
    expect(response.status, response.text).toBe(403);
    expect(response.body).toMatchObject({ code: 'INVALID_ORIGIN' });
    expect(await consentRows(context)).toEqual(before);
  });

  it('refuses an admin impersonating the person (403 NOT_WHILE_IMPERSONATING), though they may see the list', async () => {
    const acting = await impersonation(context, platformAdmin, victim);
    expect((await acting.get(LIST)).body.data).toHaveLength(1);
    const response = await acting.request('DELETE', `${LIST}/${clientId}`);
    expect(response.status, response.text).toBe(403);
    expect(response.body).toMatchObject({ code: 'NOT_WHILE_IMPERSONATING' });
    expect((await victim.client.get(LIST)).body.data).toHaveLength(1);
  });

  it('refuses ids of the wrong shape with a 400 in words, never a 500', async () => {
    const tooLong = await victim.client.request('DELETE', `${LIST}/${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'BAD_REQUEST', message: 'clientId is at most 200 characters' });
    for (const odd of ["' or 1=1 --", '%00', '..%2F..%2Fx', '%E2%80%AE']) {
      const response = await victim.client.request('DELETE', `${LIST}/${odd}`);
      expect(response.status, odd).toBeGreaterThanOrEqual(400);
      expect(response.status, odd).toBeLessThan(500);
    }
    expect((await victim.client.get(LIST)).body.data).toHaveLength(1);
  });

  it('lets the person revoke their own: 200, then 404 for the same id again', async () => {
    const revoked = await victim.client.request('DELETE', `${LIST}/${clientId}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect((await victim.client.request('DELETE', `${LIST}/${clientId}`)).status).toBe(404);
  });
});
