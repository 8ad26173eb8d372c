import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '#common/audit';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { linkIdentity } from '#test/linked-identities';
import { contextPerSuite } from '#test/suite';
import { ENGINES, type TestContext } from '#test/test-context';
import { authEndpoints, ourAdminRoutes } from './access-control/endpoints';

const BROWSER = 'Attribution Browser/1.0';
const ADDRESS = '203.0.113.9';

interface Fixture {
  organizationId: string;
  memberId: string;
  invitationId: string;
  userId: string;
  /** An identity from a provider linked to `userId`, which an admin removes. */
  identityId: string;
  /** The user Better Auth's admin endpoints act on. */
  targetId: string;
  targetEmail: string;
  /** The application the applications' routes act on, registered by the first of them. */
  clientId: string;
  context: TestContext;
}

/**
 * Each admin write route (ours, and Better Auth's admin endpoints), called once as the admin would
 * (in this order), and the audit actions it must record. A new write route without a case here
 * fails the suite.
 */
type Case = [route: string, call: (admin: Send, fixture: Fixture) => Promise<unknown>, actions: AuditAction[]];

const CASES: Case[] = [
  [
    'POST /api/v1/admin/organizations',
    (send) => send('POST', '/api/v1/admin/organizations', { name: 'Attributed Org' }),
    ['organization.create'],
  ],
  [
    'POST /api/v1/admin/users',
    (send, { organizationId }) =>
      send('POST', '/api/v1/admin/users', {
        email: `created-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'created-password-1',
        name: 'Created',
        role: 'admin',
        organizationId,
      }),
    ['admin.user_create', 'admin.organization_member_add'],
  ],
  [
    'POST /api/v1/admin/users/bulk',
    (send, { userId }) => send('POST', '/api/v1/admin/users/bulk', { action: 'ban', userIds: [userId] }),
    ['admin.ban'],
  ],
  [
    'POST /api/v1/admin/users/:id/two-factor/reset',
    (send, { userId }) => send('POST', `/api/v1/admin/users/${userId}/two-factor/reset`),
    ['admin.two_factor_reset'],
  ],
  [
    'DELETE /api/v1/admin/users/:id/linked-accounts/:accountId',
    (send, { userId, identityId }) => send('DELETE', `/api/v1/admin/users/${userId}/linked-accounts/${identityId}`),
    ['admin.account_unlink'],
  ],
  [
    'PATCH /api/v1/admin/organizations/:id/members/:memberId',
    (send, { organizationId, memberId }) =>
      send('PATCH', `/api/v1/admin/organizations/${organizationId}/members/${memberId}`, { role: 'admin' }),
    ['admin.organization_member_role'],
  ],
  [
    'DELETE /api/v1/admin/organizations/:id/invitations/:invitationId',
    (send, { organizationId, invitationId }) =>
      send('DELETE', `/api/v1/admin/organizations/${organizationId}/invitations/${invitationId}`),
    ['admin.organization_invitation_cancel'],
  ],
  [
    'DELETE /api/v1/admin/organizations/:id/members/:memberId',
    (send, { organizationId, memberId }) =>
      send('DELETE', `/api/v1/admin/organizations/${organizationId}/members/${memberId}`),
    ['admin.organization_member_remove'],
  ],
  [
    'DELETE /api/v1/admin/organizations/:id',
    (send, { organizationId }) =>
      send('DELETE', `/api/v1/admin/organizations/${organizationId}`, { confirmName: 'Attributed Org' }),
    ['admin.organization_delete'],
  ],
  [
    'POST /api/v1/admin/applications',
    async (send, fixture) => {
      const created = (await send('POST', '/api/v1/admin/applications', {
        name: 'Attributed app',
        type: 'web',
        redirectUris: ['https://app.example/callback'],
      })) as { body: { data: { clientId: string } } };
      fixture.clientId = created.body.data.clientId;
      return created;
    },
    ['application.create'],
  ],
  [
    'PATCH /api/v1/admin/applications/:clientId',
    (send, { clientId }) => send('PATCH', `/api/v1/admin/applications/${clientId}`, { name: 'Renamed app' }),
    ['application.update'],
  ],
  [
    'POST /api/v1/admin/applications/:clientId/rotate-secret',
    (send, { clientId }) => send('POST', `/api/v1/admin/applications/${clientId}/rotate-secret`, {}),
    ['application.rotate_secret'],
  ],
  [
    'DELETE /api/v1/admin/applications/:clientId',
    (send, { clientId }) => send('DELETE', `/api/v1/admin/applications/${clientId}`),
    ['application.delete'],
  ],
  // Better Auth's own admin endpoints, as the console calls them.
  [
    'POST /api/auth/admin/create-user',
    (send) =>
      send('POST', '/api/auth/admin/create-user', {
        email: `made-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'made-password-1',
        name: 'Made',
      }),
    ['admin.user_create'],
  ],
  [
    'POST /api/auth/admin/update-user',
    (send, { targetId }) =>
      send('POST', '/api/auth/admin/update-user', { userId: targetId, data: { name: 'Renamed' } }),
    ['admin.user_update'],
  ],
  [
    'POST /api/auth/admin/set-role',
    (send, { targetId }) => send('POST', '/api/auth/admin/set-role', { userId: targetId, role: 'user' }),
    ['admin.role'],
  ],
  [
    'POST /api/auth/admin/set-user-password',
    (send, { targetId }) =>
      send('POST', '/api/auth/admin/set-user-password', { userId: targetId, newPassword: 'target-password-2' }),
    ['admin.password'],
  ],
  [
    'POST /api/auth/admin/list-user-sessions',
    (send, { targetId }) => send('POST', '/api/auth/admin/list-user-sessions', { userId: targetId }),
    [],
  ],
  [
    'POST /api/auth/admin/has-permission',
    (send) => send('POST', '/api/auth/admin/has-permission', { permissions: { user: ['list'] } }),
    [],
  ],
  [
    'POST /api/auth/admin/impersonate-user',
    (send, { targetId }) =>
      send('POST', '/api/auth/admin/impersonate-user', { userId: targetId, reason: 'Checking attribution' }),
    ['admin.impersonate'],
  ],
  [
    'POST /api/auth/admin/stop-impersonating',
    (send) => send('POST', '/api/auth/admin/stop-impersonating'),
    ['admin.impersonate_stop'],
  ],
  [
    'POST /api/auth/admin/ban-user',
    (send, { targetId }) => send('POST', '/api/auth/admin/ban-user', { userId: targetId }),
    ['admin.ban'],
  ],
  [
    'POST /api/auth/admin/unban-user',
    (send, { targetId }) => send('POST', '/api/auth/admin/unban-user', { userId: targetId }),
    ['admin.unban'],
  ],
  [
    'POST /api/auth/admin/revoke-user-session',
    async (send, { context, targetId, targetEmail }) => {
      // A session of the target's own, signed in with the password the admin set.
      await signIn(context.app, targetEmail, 'target-password-2');
      const [session] = await (await context.auth.$context).internalAdapter.listSessions(targetId);
      return send('POST', '/api/auth/admin/revoke-user-session', { sessionToken: session!.token });
    },
    ['admin.session_revoke'],
  ],
  [
    'POST /api/auth/admin/revoke-user-sessions',
    (send, { targetId }) => send('POST', '/api/auth/admin/revoke-user-sessions', { userId: targetId }),
    ['admin.sessions_revoke'],
  ],
  [
    'POST /api/auth/admin/remove-user',
    (send, { targetId }) => send('POST', '/api/auth/admin/remove-user', { userId: targetId }),
    ['admin.user_delete'],
  ],
];

type Send = (method: string, path: string, json?: unknown) => ReturnType<TestClient['request']>;

/** Every admin action names its admin, with the address and browser the request came from. */
describe.each(ENGINES)('admin actions in the audit trail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  let adminId: string;
  let send: Send;
  const fixture = {} as Fixture;

  beforeAll(async () => {
    const admin = await signInAdmin(suite.context.app);
    adminId = (await admin.get('/api/auth/get-session')).body!.user.id;
    send = (method, path, json) =>
      admin.request(method, path, {
        headers: { 'user-agent': BROWSER, 'x-forwarded-for': ADDRESS },
        ...(json === undefined ? {} : { json }),
      });
    fixture.userId = (await signUp(suite.context.app, { email: `attributed-${engine}@example.com` })).id;
    fixture.identityId = await linkIdentity(suite.context, fixture.userId, 'github');
    fixture.targetEmail = `target-${engine}@example.com`;
    fixture.targetId = (await signUp(suite.context.app, { email: fixture.targetEmail })).id;
    fixture.context = suite.context;
  });

  it('has a case for every admin write route', () => {
    const writes = [...ourAdminRoutes(suite.context), ...authEndpoints(suite.context, '/admin/')].filter(
      (route) => !route.startsWith('GET '),
    );
    writes.sort();
    expect(writes).toEqual(CASES.map(([route]) => route).sort());
  });

  it.each(CASES)('%s records its events with the admin, address and browser', async (route, call, actions) => {
    const { context } = suite;
    await context.auth.settle();
    const before = new Set(
      (await context.database.db.selectFrom('auditEvent').select('id').execute()).map((row) => row.id),
    );
    const response = (await call(send, fixture)) as { status: number; text: string; body: any };
    // Done, or refused for what it is about (two-factor is off): either way an admin acted.
    expect(response.status, response.text).toBeLessThan(response.status === 409 ? 500 : 400);
    if (route === 'POST /api/v1/admin/organizations') {
      fixture.organizationId = response.body.data.id;
      // A member and a pending invitation for the routes that change them.
      const memberId = crypto.randomUUID();
      await context.database.db
        .insertInto('member')
        .values({
          id: memberId,
          organizationId: fixture.organizationId,
          userId: fixture.userId,
          role: 'member',
          createdAt: new Date().toISOString(),
        } as never)
        .execute();
      fixture.memberId = memberId;
      fixture.invitationId = crypto.randomUUID();
      await context.database.db
        .insertInto('invitation')
        .values({
          id: fixture.invitationId,
          organizationId: fixture.organizationId,
          email: 'invited@example.com',
          role: 'member',
          status: 'pending',
          inviterId: adminId,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          createdAt: new Date().toISOString(),
        } as never)
        .execute();
    }
    await context.auth.settle();
    const events = (
      await context.database.db
        .selectFrom('auditEvent')
        .select(['id', 'action', 'actorId', 'ipAddress', 'userAgent'])
        .execute()
    ).filter((event) => !before.has(event.id));
    expect(events.map((event) => event.action).sort()).toEqual(expect.arrayContaining(actions));
    // Every event of the admin's request (the target's own sign-in a case prepares is theirs).
    for (const event of events.filter((recorded) => recorded.action !== 'user.sign_in')) {
      expect(event, event.action).toMatchObject({ actorId: adminId, ipAddress: ADDRESS, userAgent: BROWSER });
    }
  });
});
