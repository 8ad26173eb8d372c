import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventView } from '#common/audit';
import { ADMIN_ENV, signInAdmin, signUp } from '../testing/accounts';
import type { TestClient } from '../testing/http-client';
import { contextPerSuite } from '../testing/suite';
import { ENGINES } from '../testing/test-context';
import { addMember, createOrganization } from '../auth/plugins/account-deletion/fixtures';
import { impersonate } from '../auth/plugins/impersonation-guard/fixtures';

const PASSWORD = 'user-password-1';

/** Requests another plugin refuses before the endpoint runs land in the audit trail too, once each. */
describe.each(ENGINES)('refusals in the audit trail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    admin = await signInAdmin(suite.context.app);
    adminId = (await admin.get('/api/auth/get-session')).body!.user.id;
  });

  const eventsOf = async (userId: string, action: string) => {
    const query = `userId=${encodeURIComponent(userId)}&action=${action}&limit=200`;
    const response = await admin.get(`/api/v1/admin/audit?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data as AuditEventView[];
  };

  it("records an admin's removal refused by the last-owner rule, with the admin, the account and the code", async () => {
    const owner = await signUp(suite.context.app, { email: 'refused-owner@example.com' });
    const member = await signUp(suite.context.app, { email: 'refused-member@example.com' });
    await addMember(suite.context, await createOrganization(owner.client, 'Refusal Co'), member.id);
    const refused = await admin.post('/api/auth/admin/remove-user', { userId: owner.id });
    expect(refused.status).toBe(400);
    expect(await eventsOf(owner.id, 'admin.user_delete')).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        actorId: adminId,
        targetUserId: owner.id,
        details: expect.objectContaining({ code: 'LAST_OWNER', status: 400 }),
      }),
    ]);
  });

  it('records what the impersonation guard refuses, the admin as actor', async () => {
    const target = await signUp(suite.context.app, { email: 'guarded-target@example.com' });
    const impersonating = await impersonate(suite.context, target.id);
    const refused = await impersonating.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-2',
    });
    expect(refused.status).toBe(403);
    expect(await eventsOf(target.id, 'password.change')).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        actorId: adminId,
        targetUserId: target.id,
        details: expect.objectContaining({ code: 'NOT_WHILE_IMPERSONATING', status: 403, impersonating: target.id }),
      }),
    ]);
  });

  it('records an impersonation refused for want of a reason', async () => {
    const target = await signUp(suite.context.app, { email: 'no-reason-target@example.com' });
    const refused = await admin.post('/api/auth/admin/impersonate-user', { userId: target.id });
    expect(refused.status).toBe(400);
    expect(await eventsOf(target.id, 'admin.impersonate')).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        actorId: adminId,
        details: expect.objectContaining({ code: 'REASON_REQUIRED', status: 400 }),
      }),
    ]);
  });

  it('records a refusal by the endpoint itself once, and a success once', async () => {
    const removed = await signUp(suite.context.app, { email: 'removed-once@example.com' });
    expect((await admin.post('/api/auth/admin/remove-user', { userId: adminId })).status).toBe(400);
    expect((await admin.post('/api/auth/admin/remove-user', { userId: removed.id })).status).toBe(200);
    expect((await eventsOf(adminId, 'admin.user_delete')).filter((event) => event.targetUserId === adminId)).toEqual([
      expect.objectContaining({ outcome: 'failure', details: expect.objectContaining({ status: 400 }) }),
    ]);
    expect(await eventsOf(removed.id, 'admin.user_delete')).toEqual([
      expect.objectContaining({ outcome: 'success', actorId: adminId }),
    ]);
  });
});
