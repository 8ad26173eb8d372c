import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signUp } from '#test/accounts';
import type { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { addMember, createOrganization } from '#test/fixtures/account-deletion';
import { signInAsGuest } from '#test/fixtures/guest-upgrade';
import { impersonate, REASON } from '#test/fixtures/impersonation';
import { adminAuditReader } from '#test/fixtures/audit';

const PASSWORD = 'user-password-1';
const EVIL = 'https://evil.example';

interface Refusal {
  action: string;
  /** The answer's code. */
  code: string;
  status: number;
  /** Whether the admin acted as the account (the event names the account impersonated). */
  impersonating?: boolean;
  /** The account the request is about, when not a new signed-up one; it also acts, not the admin. */
  account?: (context: TestContext) => Promise<{ id: string; client: TestClient }>;
  /** Sets the scene for the account `userId`, and sends the request another plugin or a rule refuses. */
  send: (context: TestContext, admin: TestClient, userId: string, client: TestClient) => Promise<{ status: number }>;
}

const REFUSALS: [string, Refusal][] = [
  [
    "an admin's removal of the last owner",
    {
      action: 'admin.user_delete',
      code: 'LAST_OWNER',
      status: 400,
      send: async (context, admin, userId) => {
        const member = await signUp(context.app, { email: `member-of-${userId}@example.com` });
        const { client } = await signUp(context.app, { email: `owner-of-${userId}@example.com` });
        const organization = await createOrganization(client, `Refusal ${userId}`);
        await addMember(context, organization, userId, 'owner');
        await addMember(context, organization, member.id);
        await context.database.db
          .deleteFrom('member')
          .where('organizationId', '=', organization)
          .where('userId', '!=', userId)
          .where('role', '=', 'owner')
          .execute();
        return admin.post('/api/auth/admin/remove-user', { userId });
      },
    },
  ],
  [
    'a password change while impersonating (the impersonation guard)',
    {
      action: 'password.change',
      code: 'NOT_WHILE_IMPERSONATING',
      status: 403,
      impersonating: true,
      send: async (context, _admin, userId) =>
        (await impersonate(context, userId)).post('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'another-password-2',
        }),
    },
  ],
  [
    'an impersonation without a reason',
    {
      action: 'admin.impersonate',
      code: 'REASON_REQUIRED',
      status: 400,
      send: (_context, admin, userId) => admin.post('/api/auth/admin/impersonate-user', { userId }),
    },
  ],
  [
    'an impersonation of a banned user',
    {
      action: 'admin.impersonate',
      code: 'BANNED_USER_NOT_IMPERSONATED',
      status: 400,
      send: async (_context, admin, userId) => {
        expect((await admin.post('/api/auth/admin/ban-user', { userId })).status).toBe(200);
        return admin.post('/api/auth/admin/impersonate-user', { userId, reason: REASON });
      },
    },
  ],
  [
    'a guest creating an API key',
    {
      action: 'api_key.create',
      code: 'NO_API_KEYS_FOR_GUESTS',
      status: 403,
      account: (context) => signInAsGuest(context.app),
      send: (_context, _admin, _userId, guest) => guest.post('/api/auth/api-key/create', { name: 'guest key' }),
    },
  ],
  [
    'a ban whose length breaks an input rule',
    {
      action: 'admin.ban',
      code: 'BAD_REQUEST',
      status: 400,
      send: (_context, admin, userId) => admin.post('/api/auth/admin/ban-user', { userId, banExpiresIn: -1 }),
    },
  ],
  [
    "an account deletion sent from another site with the person's cookie (Better Auth's Origin check)",
    {
      action: 'user.delete',
      code: 'INVALID_ORIGIN',
      status: 403,
      account: (context) => signUp(context.app, { email: `forged-deletion-${context.database.engine}@example.com` }),
      send: async (context, _admin, _userId, client) =>
        context.app.fetch(
          new Request(`${TEST_ORIGIN}/api/auth/delete-user`, {
            method: 'POST',
            headers: { cookie: client.cookieHeader, origin: EVIL, 'content-type': 'application/json' },
            body: JSON.stringify({ password: PASSWORD }),
          }),
        ),
    },
  ],
];

/** Requests another plugin refuses before the endpoint runs land in the audit trail too, once each. */
describe.each(ENGINES)('refusals in the audit trail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const audit = adminAuditReader(suite);

  it.each(REFUSALS)(
    'records %s, with who acted and the code',
    async (name, { action, code, status, impersonating, account, send }) => {
      const email = `${name.replaceAll(/\W+/g, '-')}-${engine}@example.com`;
      const target = account ? await account(suite.context) : await signUp(suite.context.app, { email });
      expect((await send(suite.context, audit.admin, target.id, target.client)).status).toBe(status);
      expect(await audit.eventsOf(target.id, `&action=${action}`)).toEqual([
        expect.objectContaining({
          outcome: 'failure',
          actorId: account ? target.id : audit.adminId,
          targetUserId: target.id,
          details: expect.objectContaining({
            status,
            code,
            ...(impersonating && { impersonating: target.id }),
          }),
        }),
      ]);
    },
  );

  /** The newest events of every account, `filters` as the admin API takes them. */
  const latest = async (filters = '') => {
    const response = await audit.admin.get(`/api/v1/admin/audit?limit=200${filters}`);
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };
  /** A request as a page on another site sends it, without cookies. */
  const fromAnotherSite = (path: string, body: object, headers: Record<string, string> = { origin: EVIL }) =>
    suite.context.app.fetch(
      new Request(`${TEST_ORIGIN}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...headers },
        body: JSON.stringify(body),
      }),
    );

  it("records sign-ins Better Auth's router refuses before any hook (a foreign Origin, a callback to another site), with the address", async () => {
    const email = `router-refused-${engine}@example.com`;
    const foreign = await fromAnotherSite('/sign-in/email', { email, password: PASSWORD });
    const callback = await fromAnotherSite(
      '/sign-in/email',
      { email, password: PASSWORD, callbackURL: `${EVIL}/welcome` },
      { origin: TEST_ORIGIN },
    );
    expect([foreign.status, callback.status]).toEqual([403, 403]);
    const refused = (await latest('&action=user.sign_in')).filter((event) =>
      ['INVALID_ORIGIN', 'INVALID_CALLBACK_URL'].includes(String(event.details?.code)),
    );
    // Written once each lookup ends: in either order.
    expect(refused.slice(0, 2).sort((a, b) => String(a.details?.code).localeCompare(String(b.details?.code)))).toEqual(
      ['INVALID_CALLBACK_URL', 'INVALID_ORIGIN'].map((code) =>
        expect.objectContaining({
          outcome: 'failure',
          actorId: null,
          ipAddress: expect.any(String),
          details: expect.objectContaining({ code, status: 403 }),
        }),
      ),
    );
  });

  it('records nothing for a foreign request to a path it does not audit', async () => {
    const { client } = await signUp(suite.context.app, { email: `unaudited-${engine}@example.com` });
    const before = (await latest()).length;
    const refused = await fromAnotherSite(
      '/organization/set-active',
      { organizationId: null },
      { origin: EVIL, cookie: client.cookieHeader },
    );
    expect(refused.status).toBe(403);
    await suite.context.audit.flush();
    expect((await latest()).length).toBe(before);
  });

  it("names the member as the target of an owner's member changes, so the member sees them", async () => {
    const owner = await signUp(suite.context.app, { email: 'member-changes-owner@example.com' });
    const member = await signUp(suite.context.app, { email: 'member-changes-member@example.com' });
    const organizationId = await createOrganization(owner.client, 'Member Changes Co');
    await addMember(suite.context, organizationId, member.id);
    const memberId = (
      await suite.context.database.db
        .selectFrom('member')
        .select('id')
        .where('userId', '=', member.id)
        .executeTakeFirstOrThrow()
    ).id;
    const role = await owner.client.post('/api/auth/organization/update-member-role', {
      organizationId,
      memberId,
      role: 'admin',
    });
    expect(role.status, role.text).toBe(200);
    const removal = await owner.client.post('/api/auth/organization/remove-member', {
      organizationId,
      memberIdOrEmail: memberId,
    });
    expect(removal.status, removal.text).toBe(200);
    const events = await audit.eventsOf(member.id);
    expect(events.filter((event) => event.action.startsWith('member.'))).toEqual([
      expect.objectContaining({ action: 'member.remove', actorId: owner.id, targetUserId: member.id }),
      expect.objectContaining({ action: 'member.role', actorId: owner.id, targetUserId: member.id }),
    ]);
  });

  it('records a refusal by the endpoint itself once, and a success once', async () => {
    const removed = await signUp(suite.context.app, { email: 'removed-once@example.com' });
    const { admin, adminId, eventsOf } = audit;
    expect((await admin.post('/api/auth/admin/remove-user', { userId: adminId })).status).toBe(400);
    expect((await admin.post('/api/auth/admin/remove-user', { userId: removed.id })).status).toBe(200);
    expect(
      (await eventsOf(adminId, '&action=admin.user_delete')).filter((event) => event.targetUserId === adminId),
    ).toEqual([expect.objectContaining({ outcome: 'failure', details: expect.objectContaining({ status: 400 }) })]);
    expect(await eventsOf(removed.id, '&action=admin.user_delete')).toEqual([
      expect.objectContaining({ outcome: 'success', actorId: adminId }),
    ]);
  });
});
