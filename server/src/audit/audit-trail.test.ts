import { describe, expect, it } from 'vitest';
import type { AuditEventView } from '#common/audit';
import { ADMIN_ENV, signIn, signUp, TEST_ADMIN } from '#test/accounts';
import { sendCodeStepsBySession } from '#test/code-steps';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { totpCode } from '#test/totp';
import { enableTwoFactor } from '#test/two-factor';
import { adminAuditReader } from '#test/fixtures/audit';

const PASSWORD = 'user-password-1';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

/** Every sign-in, account and admin action lands in the audit trail, with who, whom, where and how it ended. */
/** A cursor of the audit list's shape with values of our choosing. */
const forged = (...values: unknown[]) => Buffer.from(JSON.stringify(['audit', ...values])).toString('base64url');

describe.each(ENGINES)('audit trail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const audit = adminAuditReader(suite);
  const { eventsOf } = audit;
  const brief = (event: AuditEventView) => [event.action, event.outcome, event.details.method ?? null];

  it('records sign-ins by method and outcome, failures on the account they tried, and sign-out', async () => {
    const email = 'audited@example.com';
    const { id } = await signUp(suite.context.app, { email });
    const browser = new TestClient(suite.context.app);
    const headers = { 'user-agent': BROWSER };
    await browser.post('/api/auth/sign-in/email', { email, password: 'wrong-password-1' }, headers);
    await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD }, headers);
    await browser.post('/api/auth/sign-out', {}, headers);
    await browser.post('/api/auth/sign-in/email', { email: 'nobody-here@example.com', password: PASSWORD });

    const events = await eventsOf(id);
    expect(events.slice(0, 4).map(brief)).toEqual([
      ['user.sign_out', 'success', null],
      ['user.sign_in', 'success', 'email'],
      ['user.sign_in', 'failure', 'email'],
      ['user.sign_up', 'success', null],
    ]);
    const [signOut, signedIn, failed] = events;
    expect(signOut).toMatchObject({ actorId: id, targetUserId: id, userAgent: BROWSER, ipAddress: '127.0.0.1' });
    expect(signedIn).toMatchObject({ actorId: id, actorEmail: email, targetUserId: id, targetEmail: email });
    expect(signedIn).toMatchObject({ userAgent: BROWSER });
    expect(failed).toMatchObject({
      actorId: null,
      actorEmail: null,
      targetUserId: id,
      targetEmail: email,
      details: { email, code: 'INVALID_EMAIL_OR_PASSWORD' },
    });

    const unknown = await audit.admin.get('/api/v1/admin/audit?action=user.sign_in&outcome=failure&limit=200');
    const attempt = (unknown.body.data as AuditEventView[]).find(
      (event) => event.details.email === 'nobody-here@example.com',
    );
    expect(attempt).toMatchObject({ targetUserId: null, actorId: null, targetEmail: null, actorEmail: null });
  });

  it('records a two-factor sign-in as its password step and its code step, and turning it on', async () => {
    const email = 'audited-2fa@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    const { secret } = await enableTwoFactor(client);
    const browser = new TestClient(suite.context.app);
    await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) })).status).toBe(200);
    expect((await eventsOf(id)).slice(0, 3).map(brief)).toEqual([
      ['user.sign_in', 'success', 'totp'],
      ['user.sign_in', 'pending', 'email'],
      ['two_factor.enable', 'success', null],
    ]);
  });

  it('tells a code step by its session, as the sign-in metrics do', async () => {
    const agent = 'AuditCodeSteps/1.0';
    const id = await sendCodeStepsBySession(suite.context.app, 'audited-2fa-steps@example.com', agent);
    // With the session, the code confirmed the authenticator again; with neither, a sign-in failed.
    expect((await eventsOf(id)).slice(0, 3).map(brief)).toEqual([
      ['two_factor.enable', 'success', null],
      ['user.sign_in', 'pending', 'email'],
      ['two_factor.enable', 'success', null],
    ]);
    const failures = await audit.admin.get('/api/v1/admin/audit?action=user.sign_in&outcome=failure&limit=200');
    const refused = (failures.body.data as AuditEventView[]).filter((event) => event.userAgent === agent);
    expect(refused.map(brief)).toEqual([['user.sign_in', 'failure', 'totp']]);
  });

  it('records account changes with their outcome, and an admin behind an impersonation as the actor', async () => {
    const email = 'audited-changes@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    await client.post('/api/auth/change-password', {
      currentPassword: 'wrong-password-1',
      newPassword: 'user-password-2',
    });
    await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'user-password-2' });
    const created = await client.post('/api/v1/organizations', { name: 'Audited Works' });
    expect(created.status, created.text).toBe(201);
    await audit.admin.post('/api/auth/admin/impersonate-user', { userId: id, reason: '  Support ticket 4711 ' });
    await audit.admin.post('/api/auth/update-user', { name: 'Renamed While Impersonated' });
    await audit.admin.post('/api/auth/admin/stop-impersonating');
    await audit.admin.post('/api/auth/admin/ban-user', { userId: id, banReason: 'audit test' });

    const events = await eventsOf(id);
    expect(events.slice(0, 7).map(brief)).toEqual([
      ['admin.ban', 'success', null],
      ['admin.impersonate_stop', 'success', null],
      ['user.update', 'success', null],
      ['admin.impersonate', 'success', null],
      ['organization.create', 'success', null],
      ['password.change', 'success', null],
      ['password.change', 'failure', null],
    ]);
    const [ban, stop, update, start, organization] = events;
    expect(ban).toMatchObject({ actorId: audit.adminId, targetUserId: id, details: { reason: 'audit test' } });
    expect(ban).toMatchObject({ actorEmail: TEST_ADMIN.email, targetEmail: email });
    for (const event of [stop, update]) {
      expect(event).toMatchObject({ actorId: audit.adminId, targetUserId: id, details: { impersonating: id } });
    }
    expect(start).toMatchObject({
      actorId: audit.adminId,
      targetUserId: id,
      details: { reason: 'Support ticket 4711' },
    });
    expect(organization).toMatchObject({ actorId: id, organizationId: created.body.data.id });
    expect(events[6]!.details.code).toBe('INVALID_PASSWORD');
  });

  it('pages newest first by cursor with nothing twice, and filters by action, outcome and time', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'audited-pages@example.com' });
    for (let round = 0; round < 5; round += 1) await client.post('/api/auth/update-user', { name: `Name ${round}` });
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await audit.admin.get(
        `/api/v1/admin/audit?userId=${id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status, page.text).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...(page.body.data as AuditEventView[]).map((event) => event.id));
      cursor = page.body.nextCursor as string | null;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect((await eventsOf(id, '&action=user.update')).map((event) => event.action)).toEqual(
      Array(5).fill('user.update'),
    );
    expect(await eventsOf(id, '&outcome=failure')).toEqual([]);
    expect(await eventsOf(id, `&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await eventsOf(id, `&to=2000-01-01T00:00:00Z`)).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 200'],
    ['limit=abc', 'limit must be a whole number from 1 to 200'],
    ['action=user.fly', 'unknown action'],
    ['outcome=maybe', 'outcome must be success, failure or pending'],
    ['from=yesterday', 'must be an ISO 8601 time, such as 2026-11-25T12:00:00Z'],
    ['cursor=not-a-cursor', 'cursor is not valid'],
    [`cursor=${'a'.repeat(1001)}`, 'cursor is not valid'],
    // Dates JavaScript reads and PostgreSQL does not, a NUL hidden in the id, a value of another type,
    // a cursor of another list.
    [`cursor=${forged('2030-02-30T00:00:00Z', 'x')}`, 'cursor is not valid'],
    [`cursor=${forged('March 7', 'x')}`, 'cursor is not valid'],
    [`cursor=${forged('2026-01-01T00:00:00.000Z', 'x\u0000')}`, 'cursor is not valid'],
    [`cursor=${forged('2026-01-01T00:00:00.000Z', 7)}`, 'cursor is not valid'],
    [
      `cursor=${Buffer.from(JSON.stringify(['users', '2026-01-01T00:00:00.000Z', 'x'])).toString('base64url')}`,
      'cursor is not valid',
    ],
  ])('refuses the bad filter %s with a clear message: %s', async (query, message) => {
    const response = await audit.admin.get(`/api/v1/admin/audit?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    // Every bad cursor, of every list, has the one answer.
    if (query.startsWith('cursor=')) expect(response.body).toMatchObject({ code: 'CURSOR_NOT_VALID', message });
  });

  it('shows everyone only their own events, and the admin list to admins only', async () => {
    const first = await signUp(suite.context.app, { email: 'audited-mine@example.com' });
    const other = await signUp(suite.context.app, { email: 'audited-other@example.com' });
    await other.client.post('/api/auth/update-user', { name: 'Someone Else' });
    await audit.admin.post('/api/auth/admin/ban-user', { userId: first.id, banReason: 'an internal note' });
    await audit.admin.post('/api/auth/admin/unban-user', { userId: first.id });
    const mine = await (await signIn(suite.context.app, 'audited-mine@example.com', PASSWORD)).get('/api/v1/me/audit');
    expect(mine.status, mine.text).toBe(200);
    const events = mine.body.data as AuditEventView[];
    expect(events.map((event) => event.action)).toEqual(['user.sign_in', 'admin.unban', 'admin.ban', 'user.sign_up']);
    expect(events.every((event) => event.actorId === first.id || event.targetUserId === first.id)).toBe(true);
    // The admin who banned is not named to the person banned, nor their address or browser.
    expect(events[2]).toMatchObject({
      actorId: audit.adminId,
      actorEmail: null,
      ipAddress: null,
      userAgent: null,
      targetEmail: 'audited-mine@example.com',
    });
    expect(events[2]!.details.reason).toBeUndefined();
    expect(events[0]).toMatchObject({ actorId: first.id, ipAddress: '127.0.0.1' });
    // The me route takes no filters for someone else.
    const sneaky = await first.client.get(`/api/v1/me/audit?userId=${other.id}`);
    expect(
      (sneaky.body.data as AuditEventView[] | undefined)?.some((event) => event.targetUserId === other.id),
    ).not.toBe(true);

    expect((await other.client.get('/api/v1/admin/audit')).status).toBe(403);
    expect((await new TestClient(suite.context.app).get('/api/v1/admin/audit')).status).toBe(401);
    expect((await new TestClient(suite.context.app).get('/api/v1/me/audit')).status).toBe(401);
  });

  it('names people by their email today, and by their id alone once the account is gone', async () => {
    const email = 'audited-gone@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    await client.post('/api/auth/update-user', { name: 'Soon Gone' });
    expect((await eventsOf(id))[0]).toMatchObject({ action: 'user.update', actorEmail: email, targetEmail: email });
    expect((await audit.admin.post('/api/auth/admin/remove-user', { userId: id })).status).toBe(200);
    const [removed, update] = await eventsOf(id);
    expect(removed).toMatchObject({ action: 'admin.user_delete', actorEmail: TEST_ADMIN.email, targetEmail: null });
    expect(update).toMatchObject({ action: 'user.update', actorId: id, actorEmail: null, targetEmail: null });
  });

  it('never fails the action it records when the trail cannot be written', async () => {
    const { db } = suite.context.database;
    await db.schema.alterTable('auditEvent').renameTo('auditEventAway').execute();
    try {
      const { client } = await signUp(suite.context.app, { email: 'audited-outage@example.com' });
      expect((await client.post('/api/auth/update-user', { name: 'Still Saved' })).status).toBe(200);
      await suite.context.audit.flush();
      expect((await client.get('/api/auth/get-session')).body?.user.name).toBe('Still Saved');
    } finally {
      await db.schema.alterTable('auditEventAway').renameTo('auditEvent').execute();
    }
  });

  it('deletes events past the retention', async () => {
    const { audit, database } = suite.context;
    await audit.flush();
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('auditEvent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await audit.deleteOlderThan(1)).toBe(0);
    expect(await audit.deleteOlderThan(1, Date.now() + 2 * 24 * 60 * 60 * 1000)).toBe(before);
    expect(await count()).toBe(0);
  });
});
