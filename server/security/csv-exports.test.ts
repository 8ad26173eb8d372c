import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { parseCsv } from '#test/csv';
import { TestClient } from '#test/http-client';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { sharedContexts } from './support/contexts';
import { admin, apiKey, guest, PASSWORD, uniqueEmail, type Person } from './support/principals';

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

  /** What a spreadsheet would run: a cell, at the start of a row or of a line, that starts a formula. */
  const formulaCells = (rows: string[][]) =>
    rows.flatMap((row) => row.flatMap((cell) => cell.split(/\r\n|\r|\n/))).filter((line) => /^[=+\-@]/.test(line));

  it.each([
    ['a line feed', "Mallory\n=cmd|' /C calc'!A0"],
    ['a carriage return', "Mallory\r=cmd|' /C calc'!A0"],
    ['a CR before the formula start', "\r=cmd|' /C calc'!A0"],
    ['a line break and a tab', 'Mallory\r\n\t@SUM(1+1)'],
  ])('writes a name already holding %s in one quoted cell, the formula after it escaped', async (_, name) => {
    await context.database.db.updateTable('user').set({ name }).where('id', '=', subject.id).execute();
    const response = await root.client.get(`${USERS}?search=${encodeURIComponent(subject.email)}`);
    expect(response.status).toBe(200);
    const rows = parseCsv(response.text);
    // The header and the one user: no row was split off.
    expect(rows).toHaveLength(2);
    expect(rows[1]![2]).toBe(subject.email);
    expect(formulaCells(rows)).toEqual([]);
    expect(rows[1]![1]!.replace(/'/g, '')).toBe(name.replace(/'/g, ''));
  });

  it('records each export in the audit trail: who, which filter, how many rows', async () => {
    const query = `search=${encodeURIComponent(subject.email)}&searchField=email`;
    expect((await root.client.get(`${USERS}?${query}`)).status).toBe(200);
    expect((await root.client.get(`${AUDIT}?userId=${subject.id}`)).status).toBe(200);
    await context.audit.flush();
    const events = await context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'actorId', 'details'])
      .where('actorId', '=', root.id)
      .where('action', 'in', ['admin.user_export', 'admin.audit_export'])
      .orderBy('createdAt', 'desc')
      .limit(2)
      .execute();
    const byAction = Object.fromEntries(events.map((event) => [event.action, event]));
    expect(byAction['admin.user_export']).toMatchObject({ outcome: 'success', actorId: root.id });
    expect(JSON.parse(byAction['admin.user_export']!.details!)).toMatchObject({ rows: 1, end: 'complete' });
    expect(JSON.parse(byAction['admin.user_export']!.details!).filter).toContain(
      `search=${encodeURIComponent(subject.email)}`,
    );
    expect(JSON.parse(byAction['admin.audit_export']!.details!)).toMatchObject({
      filter: `userId=${subject.id}`,
      end: 'complete',
    });
  });

  it('refuses a line break or control character in a name, on every path that sets one', async () => {
    const bad = "Mallory\n=cmd|' /C calc'!A0";
    const stranger = new TestClient(context.app);
    const attempts = [
      () => stranger.post('/api/auth/sign-up/email', { email: uniqueEmail('ctl'), password: PASSWORD, name: bad }),
      () => snoop.client.post('/api/auth/update-user', { name: 'Mallory\u0007' }),
      () => snoop.client.post('/api/auth/update-user', { name: '\r=cmd' }),
      () => snoop.client.post('/api/auth/update-user', { name: 'Mallory\u2028=cmd' }),
      () =>
        root.client.post('/api/auth/admin/create-user', {
          email: uniqueEmail('ctl'),
          password: PASSWORD,
          name: bad,
        }),
      () => root.client.post('/api/auth/admin/update-user', { userId: snoop.id, data: { name: bad } }),
      () =>
        root.client.post('/api/v1/admin/users', {
          email: uniqueEmail('ctl'),
          password: PASSWORD,
          name: bad,
          role: 'user',
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status, response.text).toBe(400);
      // A bell is refused by the input guard before any rule; a line break, by the name rule.
      expect(response.body.message).toMatch(/control characters/i);
    }
    const created = await context.database.db.selectFrom('user').select('id').where('email', 'like', 'ctl-%').execute();
    expect(created).toEqual([]);
    const snoopName = await context.database.db
      .selectFrom('user')
      .select('name')
      .where('id', '=', snoop.id)
      .executeTakeFirstOrThrow();
    expect(snoopName.name).toBe('Export Snoop');
  });
});
