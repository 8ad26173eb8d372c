import { describe, expect, it } from 'vitest';
import {
  IMPERSONATION_REASON_MAX_LENGTH,
  IMPERSONATION_REASON_REQUIRED,
  IMPERSONATION_REASON_TOO_LONG,
} from '#common/admin';
import { signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { ENGINES } from '#test/test-context';
import { impersonationSuite, REASON } from '#test/fixtures/impersonation';

const PATH = '/api/auth/admin/impersonate-user';

/** An admin says why they impersonate someone, or nobody is impersonated. */
describe.each(ENGINES)('impersonation reason on %s', (engine) => {
  const { suite, target } = impersonationSuite(engine, 'reason');

  const impersonations = async () =>
    (
      await suite.context.database.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', target.id)
        .where('impersonatedBy', 'is not', null)
        .execute()
    ).length;
  const whoAmI = async (client: TestClient) => (await client.get('/api/auth/get-session')).body?.user.id ?? null;

  it('refuses an admin without a reason, or with a blank, mistyped or too long one, impersonating nobody', async () => {
    const admin = await signInAdmin(suite.context.app);
    const adminId = await whoAmI(admin);
    const bodies: Array<[unknown, string, string]> = [
      [{ userId: target.id }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [{ userId: target.id, reason: '' }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [{ userId: target.id, reason: ' \n\t ' }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [{ userId: target.id, reason: 42 }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [{ userId: target.id, reason: ['a reason'] }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [{ userId: target.id, reason: null }, 'REASON_REQUIRED', IMPERSONATION_REASON_REQUIRED],
      [
        { userId: target.id, reason: 'x'.repeat(IMPERSONATION_REASON_MAX_LENGTH + 1) },
        'REASON_TOO_LONG',
        IMPERSONATION_REASON_TOO_LONG,
      ],
    ];
    for (const [body, code, message] of bodies) {
      const response = await admin.post(PATH, body);
      expect([response.status, response.body.code, response.body.message], JSON.stringify(body)).toEqual([
        400,
        code,
        message,
      ]);
    }
    expect(await impersonations()).toBe(0);
    expect(await whoAmI(admin)).toBe(adminId);
  });

  it('impersonates with a reason of up to the limit (counted after trimming), recorded in the audit trail', async () => {
    const admin = await signInAdmin(suite.context.app);
    const longest = `  ${'r'.repeat(IMPERSONATION_REASON_MAX_LENGTH)}  `;
    const response = await admin.post(PATH, { userId: target.id, reason: longest });
    expect(response.status, response.text).toBe(200);
    expect(await whoAmI(admin)).toBe(target.id);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['details'])
      .where('action', '=', 'admin.impersonate')
      .where('targetUserId', '=', target.id)
      .execute();
    const reasons = events.map((event) => (JSON.parse(event.details ?? '{}') as { reason?: string }).reason);
    expect(reasons).toContain('r'.repeat(IMPERSONATION_REASON_MAX_LENGTH));
  });

  it('answers everyone but an admin as before, whatever they send: no session, a user, a guest, an API key', async () => {
    const user = await signUp(suite.context.app, { email: 'reason-plain@example.com' });
    const guest = new TestClient(suite.context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const key = (await user.client.post('/api/auth/api-key/create', { name: 'k' })).body.key as string;
    for (const body of [{ userId: target.id }, { userId: target.id, reason: REASON }]) {
      expect((await new TestClient(suite.context.app).post(PATH, body)).status).toBe(401);
      expect((await user.client.post(PATH, body)).status).toBe(403);
      expect((await guest.post(PATH, body)).status).toBe(403);
      expect((await new TestClient(suite.context.app).post(PATH, body, { 'x-api-key': key })).status).toBe(401);
    }
    expect(await impersonations()).toBe(0);
    expect(await whoAmI(user.client)).toBe(user.id);
  });

  it("refuses an admin's request from a foreign page, and the admin as another admin", async () => {
    const admin = await signInAdmin(suite.context.app);
    const foreign = await admin.post(PATH, { userId: target.id, reason: REASON }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const other = await signUp(suite.context.app, { email: 'reason-other-admin@example.com' });
    await suite.context.database.db.updateTable('user').set({ role: 'admin' }).where('id', '=', other.id).execute();
    const asAdmin = await admin.post(PATH, { userId: other.id, reason: REASON });
    expect(asAdmin.status).toBe(403);
    const unknown = await admin.post(PATH, { userId: 'no-such-user', reason: REASON });
    expect(unknown.status).toBe(404);
    expect(await impersonations()).toBe(0);
  });
});
