import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { TestClient } from '../testing/http-client';
import { ENGINES, TEST_ORIGIN, type TestContext } from '../testing/test-context';
import { sharedContexts } from './support/contexts';
import { admin, apiKey, guest, type Person } from './support/principals';

/** The admin's CSV exports (audit trail, users): an admin's file, to nobody else, for no bad query. */

const contexts = sharedContexts();
const AUDIT = '/api/v1/admin/audit/export';
const USERS = '/api/v1/admin/users/export';

describe.each(ENGINES)('the CSV exports under attack, on %s', (engine) => {
  let context: TestContext, subject: Person, snoop: Person, root: Person;
  /** Each export, asked for what would show the subject's email to whoever could read it. */
  let revealing: string[];
  beforeAll(async () => {
    [context, subject, snoop] = await contexts.withUsers(engine, 'Exported Person', 'Export Snoop');
    root = await admin(context);
    revealing = [`${AUDIT}?userId=${subject.id}`, `${USERS}?search=${encodeURIComponent(subject.email)}`];
  });

  it('gives the admin the file the others are refused', async () => {
    for (const path of revealing) {
      const response = await root.client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).toContain(subject.email);
    }
  });

  it('refuses a plain user (even about themselves) and a guest with a 403 in JSON, showing nothing', async () => {
    const visitor = await guest(context);
    for (const [client, path] of [
      ...revealing.map((path) => [snoop.client, path] as const),
      [snoop.client, `${AUDIT}?userId=${snoop.id}`],
      ...revealing.map((path) => [visitor.client, path] as const),
    ] as const) {
      const response = await client.get(path);
      expect(response.status, path).toBe(403);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(response.text, path).not.toContain(subject.email);
    }
  });

  it('refuses no session with a 401, and an API key (even an admin’s) with a 403', async () => {
    const stranger = new TestClient(context.app);
    for (const path of revealing) {
      expect((await stranger.get(path)).status, path).toBe(401);
      for (const key of [await apiKey(root), await apiKey(snoop)]) {
        const response = await stranger.get(path, { [API_KEY_HEADER]: key });
        expect(response.status, path).toBe(403);
        expect(response.text, path).not.toContain(subject.email);
      }
    }
  });

  it('grants a page of another site no read of the file, even with the admin signed in', async () => {
    for (const path of revealing) {
      const response = await context.app.fetch(
        new Request(`${TEST_ORIGIN}${path}`, {
          headers: { cookie: root.client.cookieHeader, origin: 'https://evil.example' },
        }),
      );
      await response.body?.cancel();
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it.each([
    [AUDIT, 'action=user.fly', 'unknown action'],
    [AUDIT, 'outcome=maybe', 'outcome must be success, failure or pending'],
    [AUDIT, 'from=yesterday', 'must be an ISO 8601 time, such as 2026-11-25T12:00:00Z'],
    [AUDIT, 'to=2026-13-45T00:00:00Z', 'must be an ISO 8601 time, such as 2026-11-25T12:00:00Z'],
    [AUDIT, `userId=${'x'.repeat(201)}`, 'ids are at most 200 characters'],
    [USERS, 'banned=maybe', 'banned must be true or false'],
    [USERS, 'twoFactorEnabled=1', 'twoFactorEnabled must be true or false'],
    [USERS, 'sortBy=password', 'sortBy must be createdAt, name or email'],
    [USERS, 'searchField=id', 'searchField must be email or name'],
    [USERS, `search=${'x'.repeat(201)}`, 'search is at most 200 characters'],
  ])('%s refuses the query %s with a 400 that says why: %s', async (path, query, message) => {
    const response = await root.client.get(`${path}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message });
  });
});
