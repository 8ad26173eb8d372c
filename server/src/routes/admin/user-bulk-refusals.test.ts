import { describe, expect, it } from 'vitest';
import { BULK_USERS_MAX } from '#common/admin-bulk';
import { API_KEY_HEADER } from '#common/api-keys';
import { admin, apiKey, guest, plainUser } from '../../../security/support/principals';
import { TestClient, type TestResponse } from '#test/http-client';
import { ENGINES, TEST_ORIGIN } from '#test/test-context';
import { BULK, bulkSuite } from '#test/fixtures/user-bulk';

/** Bulk actions refuse bad input and anyone but a signed-in admin, before touching any user. */
describe.each(ENGINES)('admin bulk action refusals on %s', (engine) => {
  const { suite, userRow, sessionsOf, people } = bulkSuite(engine);

  it('refuses malformed input with a 400 naming the problem, and changes nothing', async () => {
    const root = await admin(suite.context, 'Input Admin');
    const [victim] = await people(1, 'Input Victim');
    const cases: [unknown, string][] = [
      [{ action: 'nuke', userIds: [victim!.id] }, 'action must be ban, unban, revoke-sessions or delete'],
      [{ userIds: [victim!.id] }, 'action must be ban, unban, revoke-sessions or delete'],
      [{ action: 'ban' }, 'userIds must be a list of user ids'],
      [{ action: 'ban', userIds: victim!.id }, 'userIds must be a list of user ids'],
      [{ action: 'ban', userIds: [42] }, 'userIds must be a list of user ids'],
      [{ action: 'ban', userIds: [] }, 'userIds must name at least one user'],
      [{ action: 'ban', userIds: [''] }, 'a user id is never empty'],
      [{ action: 'ban', userIds: ['x'.repeat(201)] }, 'a user id is at most 200 characters'],
      [
        { action: 'ban', userIds: Array.from({ length: BULK_USERS_MAX + 1 }, (_, n) => `id-${n}`) },
        'userIds names at most 100 users',
      ],
      [{ action: 'ban', userIds: [victim!.id, victim!.id] }, 'userIds must not name a user twice'],
      [{ action: 'ban', userIds: [victim!.id], banReason: 7 }, 'banReason must be text'],
      [{ action: 'ban', userIds: [victim!.id], banReason: 'x'.repeat(201) }, 'banReason is at most 200 characters'],
      [
        { action: 'ban', userIds: [victim!.id], banExpiresIn: '3600' },
        'banExpiresIn must be a whole number of seconds',
      ],
      [{ action: 'ban', userIds: [victim!.id], banExpiresIn: 1.5 }, 'banExpiresIn must be a whole number of seconds'],
      [{ action: 'ban', userIds: [victim!.id], banExpiresIn: 0 }, 'banExpiresIn must be 1 second or more'],
      [{ action: 'ban', userIds: [victim!.id], banExpiresIn: 1e12 }, 'banExpiresIn is at most 3153600000 seconds'],
      [
        { action: 'unban', userIds: [victim!.id], banReason: 'why' },
        'banReason and banExpiresIn go with the ban action only',
      ],
      [
        { action: 'delete', userIds: [victim!.id], banExpiresIn: 60 },
        'banReason and banExpiresIn go with the ban action only',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await root.client.post(BULK, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    const notJson = await root.client.request('POST', BULK, {
      body: '{"action":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(await userRow(victim!.id)).toMatchObject({ banned: engine === 'postgres' ? false : 0 });
    expect(await sessionsOf(victim!.id)).toBe(1);
  });

  it('refuses everyone but a signed-in admin (a user, a guest, no session, API keys, a foreign page), changing nothing', async () => {
    const root = await admin(suite.context, 'Guard Admin');
    const user = await plainUser(suite.context, 'Guard User');
    const [victim] = await people(1, 'Guard Victim');
    const body = { action: 'delete', userIds: [victim!.id] };
    const refusals: [TestResponse, number][] = [
      [await user.client.post(BULK, body), 403],
      [await (await guest(suite.context)).client.post(BULK, body), 403],
      [await new TestClient(suite.context.app).post(BULK, body), 401],
    ];
    for (const owner of [root, user]) {
      const key = await apiKey(owner);
      refusals.push([await new TestClient(suite.context.app).post(BULK, body, { [API_KEY_HEADER]: key }), 403]);
    }
    // The admin's own cookie, sent by a page of another site.
    const forged = await suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}${BULK}`, {
        method: 'POST',
        headers: {
          cookie: root.client.cookieHeader,
          origin: 'https://evil.example',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }),
    );
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    for (const [response, status] of refusals) {
      expect(response.status, response.text).toBe(status);
      expect(response.body).not.toHaveProperty('data');
    }
    expect(await userRow(victim!.id)).toBeDefined();
    expect(await sessionsOf(victim!.id)).toBe(1);
  });
});
