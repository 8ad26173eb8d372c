import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHILE_IMPERSONATING_MESSAGE } from '#common/admin';
import { API_KEY_HEADER } from '#common/api-keys';
import { SIGN_IN_ALERTS_GUEST_MESSAGE } from '#common/sign-in-alerts';
import { BODY_NOT_JSON } from '../src/http/validate';
import { TestClient, type TestResponse } from '#test/http-client';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { admin, apiKey, guest, impersonation, type Person } from './support/principals';

/**
 * `GET` and `PUT /api/v1/me/sign-in-alerts`: a registered person reads and sets their own switch, with
 * their session; nobody else's, and nothing else may.
 */

const contexts = sharedContexts();

const ROUTE = '/api/v1/me/sign-in-alerts';
const EVIL = 'https://evil.example';

describe.each(ENGINES)('sign-in alert settings on %s', (engine) => {
  let context: TestContext, victim: Person, attacker: Person;
  beforeAll(async () => {
    [context, victim, attacker] = await contexts.withUsers(engine, 'Alert Victim', 'Alert Attacker');
  });

  const settings = () => context.database.db.selectFrom('signInAlertSetting').selectAll().orderBy('userId').execute();
  const put = (client: TestClient, json: unknown, headers?: Record<string, string>) =>
    client.request('PUT', ROUTE, { json, ...(headers ? { headers } : {}) });
  const expectRefused = (response: TestResponse, status: number, code: string, message?: string) => {
    expect(response.status, response.text).toBe(status);
    expect(response.body).toMatchObject({ code, message: message ?? expect.any(String) });
  };

  it("sets the caller's own switch only: another person's id in the body changes nothing of theirs", async () => {
    const changed = await put(attacker.client, { enabled: false, userId: victim.id });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ data: { enabled: false } });
    expect((await attacker.client.get(ROUTE)).body).toEqual({ data: { enabled: false } });
    expect((await victim.client.get(ROUTE)).body).toEqual({ data: { enabled: true } });
    expect((await settings()).map((row) => [row.userId, row.enabled])).toEqual([[attacker.id, 0]]);
    expect((await put(attacker.client, { enabled: true })).status).toBe(200);
  });

  it('answers a caller without a session 401 and an API key 403, reading or writing, and writes nothing', async () => {
    const before = await settings();
    const key = await apiKey(victim);
    const stranger = new TestClient(context.app);
    expectRefused(await stranger.get(ROUTE), 401, 'UNAUTHORIZED');
    expectRefused(await put(stranger, { enabled: false }), 401, 'UNAUTHORIZED');
    const keyOnly = { [API_KEY_HEADER]: key };
    expectRefused(await stranger.get(ROUTE, keyOnly), 403, 'API_KEY_NOT_ALLOWED');
    expectRefused(await put(stranger, { enabled: false }, keyOnly), 403, 'API_KEY_NOT_ALLOWED');
    expect(await settings()).toEqual(before);
  });

  it('refuses a guest with 403 and says why', async () => {
    const before = await settings();
    const visitor = await guest(context);
    expectRefused(await visitor.client.get(ROUTE), 403, 'NO_SIGN_IN_ALERTS_FOR_GUESTS', SIGN_IN_ALERTS_GUEST_MESSAGE);
    expectRefused(
      await put(visitor.client, { enabled: false }),
      403,
      'NO_SIGN_IN_ALERTS_FOR_GUESTS',
      SIGN_IN_ALERTS_GUEST_MESSAGE,
    );
    expect(await settings()).toEqual(before);
  });

  it('refuses an admin impersonating the owner a write (403), changing nothing; reading stays allowed', async () => {
    const before = await settings();
    const session = await impersonation(context, await admin(context, 'Alert Admin'), victim);
    expect((await session.get(ROUTE)).body).toEqual({ data: { enabled: true } });
    const refused = await put(session, { enabled: false });
    expectRefused(refused, 403, 'NOT_WHILE_IMPERSONATING', NOT_WHILE_IMPERSONATING_MESSAGE);
    expect(await settings()).toEqual(before);
  });

  it("refuses a write with the owner's cookie from a foreign origin, or from none", async () => {
    const before = await settings();
    const origins: Record<string, string>[] = [{ origin: EVIL }, { referer: `${EVIL}/page` }, {}];
    for (const origin of origins) {
      const response = await context.app.fetch(
        new Request(`${TEST_ORIGIN}${ROUTE}`, {
          method: 'PUT',
          headers: { cookie: victim.client.cookieHeader, 'content-type': 'application/json', ...origin },
          body: JSON.stringify({ enabled: false }),
        }),
      );
      expect(response.status, JSON.stringify(origin)).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('INVALID_ORIGIN');
    }
    expect(await settings()).toEqual(before);
    expect((await victim.client.get(ROUTE)).body).toEqual({ data: { enabled: true } });
  });

  it('refuses wrong types with 400 and the reason, and a body of another type with 415, changing nothing', async () => {
    const before = await settings();
    const raw = (body: string, type = 'application/json') =>
      victim.client.request('PUT', ROUTE, { body, headers: { 'content-type': type } });
    for (const json of [{}, { enabled: 'false' }, { enabled: 0 }, { enabled: null }, { enabled: [true] }]) {
      expectRefused(await put(victim.client, json), 400, 'BAD_REQUEST', 'enabled must be true or false');
    }
    expectRefused(await raw('null'), 400, 'BAD_REQUEST', 'Invalid input: expected object, received null');
    expectRefused(await raw('[]'), 400, 'BAD_REQUEST', 'Invalid input: expected object, received array');
    expectRefused(await raw('{"enabled":'), 400, 'BODY_NOT_JSON', BODY_NOT_JSON);
    expectRefused(await raw('enabled=false', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await settings()).toEqual(before);
    expect((await victim.client.get(ROUTE)).body).toEqual({ data: { enabled: true } });
  });
});
