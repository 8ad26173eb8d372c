import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApplication } from '#test/openid';
import { verifyEmail } from '#test/accounts';
import { linkIdentity } from '#test/linked-identities';
import type { TestResponse } from '#test/http-client';
import { ENGINES, type TestContext } from '#test/test-context';
import { enableTwoFactor } from '#test/two-factor';
import { sharedContexts } from '../support/contexts';
import {
  admin,
  anonymousCaller,
  apiKey,
  apiKeyCaller,
  guest,
  impersonation,
  PASSWORD,
  plainUser,
  sessionCaller,
  uniqueEmail,
  type Caller,
  type Person,
} from '../support/principals';
import { attackTable, authEndpoints, ourAdminRoutes, type Attack } from './endpoints';
import { platformSnapshot } from './snapshots';

const contexts = sharedContexts();

describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('platform admin endpoints on %s', (engine) => {
    let context: TestContext;
    let platformAdmin: Person;
    let victim: Person;
    let bannedVictim: Person;
    let victimSessionToken: string;
    /** An organization of the victim's, with the plain user as a member and a pending invitation. */
    let victimOrganization: { id: string; name: string; memberId: string; invitationId: string };
    let victimApplication: string;
    /** An identity from a provider linked to the victim: its removal would show in the account rows. */
    let victimIdentity: string;
    const callers = new Map<string, Caller>();

    beforeAll(async () => {
      context = await contexts.get(engine);
      platformAdmin = await admin(context);
      const user = await plainUser(context, 'Plain');
      const guestPerson = await guest(context);
      const impersonated = await plainUser(context, 'Impersonated');
      victim = await plainUser(context, 'Victim');
      // Two-factor on, so that a reset getting through would show: the victim's session would end.
      await enableTwoFactor(victim.client, victim.password);
      bannedVictim = await plainUser(context, 'Banned Victim');
      const ban = await platformAdmin.client.post('/api/auth/admin/ban-user', { userId: bannedVictim.id });
      expect(ban.status).toBe(200);
      const session = await context.database.db
        .selectFrom('session')
        .select('token')
        .where('userId', '=', victim.id)
        .executeTakeFirstOrThrow();
      victimSessionToken = session.token as string;

      const created = await victim.client.post('/api/auth/organization/create', {
        name: 'Victim Organization',
        slug: `victim-organization-${victim.id.slice(0, 8).toLowerCase()}`,
      });
      expect(created.status, created.text).toBe(200);
      const added = await context.auth.api.addMember({
        body: { userId: user.id, organizationId: created.body.id, role: 'member' },
      });
      // Only a verified account sends invitations.
      await verifyEmail(context, victim.client, victim.email);
      const invited = await victim.client.post('/api/auth/organization/invite-member', {
        email: uniqueEmail('invitee'),
        role: 'member',
        organizationId: created.body.id,
      });
      expect(invited.status, invited.text).toBe(200);
      victimOrganization = {
        id: created.body.id,
        name: created.body.name,
        memberId: added!.id,
        invitationId: invited.body.id,
      };

      victimApplication = (await registerTestApplication(context, platformAdmin.client)).clientId;
      victimIdentity = await linkIdentity(context, victim.id, 'github');

      callers.set('none', anonymousCaller(context));
      callers.set('user', sessionCaller('user', user.client));
      callers.set('guest', sessionCaller('guest', guestPerson.client));
      callers.set(
        'impersonation',
        sessionCaller('impersonation', await impersonation(context, platformAdmin, impersonated)),
      );
      callers.set('userKey', apiKeyCaller("user's API key", context, await apiKey(user)));
      callers.set('adminKey', apiKeyCaller("admin's API key", context, await apiKey(platformAdmin)));
    });

    /** One request per admin endpoint, aimed at a real victim so that a missing check would show. */
    const attacks = (): Record<string, Attack> =>
      attackTable([
        ['POST', '/api/auth/admin/set-role', { userId: victim.id, role: 'admin' }],
        ['GET', `/api/auth/admin/get-user?id=${victim.id}`],
        [
          'POST',
          '/api/auth/admin/create-user',
          { email: uniqueEmail('planted'), password: PASSWORD, name: 'Planted', role: 'admin' },
        ],
        ['POST', '/api/auth/admin/update-user', { userId: victim.id, data: { name: 'Pwned', role: 'admin' } }],
        ['GET', '/api/auth/admin/list-users?limit=100'],
        ['POST', '/api/auth/admin/list-user-sessions', { userId: victim.id }],
        ['POST', '/api/auth/admin/unban-user', { userId: bannedVictim.id }],
        ['POST', '/api/auth/admin/ban-user', { userId: victim.id }],
        ['POST', '/api/auth/admin/impersonate-user', { userId: victim.id }],
        ['POST', '/api/auth/admin/stop-impersonating'],
        ['POST', '/api/auth/admin/revoke-user-session', { sessionToken: victimSessionToken }],
        ['POST', '/api/auth/admin/revoke-user-sessions', { userId: victim.id }],
        ['POST', '/api/auth/admin/remove-user', { userId: victim.id }],
        ['POST', '/api/auth/admin/set-user-password', { userId: victim.id, newPassword: 'pwned-password-1' }],
        ['POST', '/api/auth/admin/has-permission', { permissions: { user: ['create', 'set-role'] } }],
        ['GET', '/api/v1/admin/users'],
        ['POST', '/api/v1/admin/users/bulk', { action: 'ban', userIds: [victim.id] }],
        ['GET', '/api/v1/admin/users/export'],
        [
          'POST',
          '/api/v1/admin/users',
          { email: uniqueEmail('planted'), password: PASSWORD, name: 'Planted', role: 'admin' },
        ],
        ['GET', '/api/v1/admin/organizations'],
        ['POST', '/api/v1/admin/organizations', { name: 'Planted Organization' }],
        ['GET', '/api/v1/admin/outbox'],
        ['GET', '/api/v1/admin/audit'],
        ['GET', `/api/v1/admin/audit/export?userId=${victim.id}`],
        ['GET', '/api/v1/admin/stats?days=90'],
        ['POST', `/api/v1/admin/users/${victim.id}/two-factor/reset`, {}, '/api/v1/admin/users/:id/two-factor/reset'],
        [
          'GET',
          `/api/v1/admin/users/${victim.id}/linked-accounts`,
          undefined,
          '/api/v1/admin/users/:id/linked-accounts',
        ],
        [
          'DELETE',
          `/api/v1/admin/users/${victim.id}/linked-accounts/${victimIdentity}`,
          undefined,
          '/api/v1/admin/users/:id/linked-accounts/:accountId',
        ],
        ['GET', `/api/v1/admin/organizations/${victimOrganization.id}`, undefined, '/api/v1/admin/organizations/:id'],
        [
          'GET',
          `/api/v1/admin/organizations/${victimOrganization.id}/members`,
          undefined,
          '/api/v1/admin/organizations/:id/members',
        ],
        [
          'PATCH',
          `/api/v1/admin/organizations/${victimOrganization.id}/members/${victimOrganization.memberId}`,
          { role: 'owner' },
          '/api/v1/admin/organizations/:id/members/:memberId',
        ],
        [
          'DELETE',
          `/api/v1/admin/organizations/${victimOrganization.id}/members/${victimOrganization.memberId}`,
          undefined,
          '/api/v1/admin/organizations/:id/members/:memberId',
        ],
        [
          'DELETE',
          `/api/v1/admin/organizations/${victimOrganization.id}/invitations/${victimOrganization.invitationId}`,
          undefined,
          '/api/v1/admin/organizations/:id/invitations/:invitationId',
        ],
        [
          'DELETE',
          `/api/v1/admin/organizations/${victimOrganization.id}`,
          { confirmName: victimOrganization.name },
          '/api/v1/admin/organizations/:id',
        ],
        ['GET', '/api/v1/admin/applications'],
        [
          'POST',
          '/api/v1/admin/applications',
          { name: 'Planted app', type: 'web', redirectUris: ['https://evil.example/callback'], trusted: true },
        ],
        ['GET', `/api/v1/admin/applications/${victimApplication}`, undefined, '/api/v1/admin/applications/:clientId'],
        [
          'PATCH',
          `/api/v1/admin/applications/${victimApplication}`,
          { redirectUris: ['https://evil.example/callback'] },
          '/api/v1/admin/applications/:clientId',
        ],
        [
          'POST',
          `/api/v1/admin/applications/${victimApplication}/rotate-secret`,
          {},
          '/api/v1/admin/applications/:clientId/rotate-secret',
        ],
        [
          'DELETE',
          `/api/v1/admin/applications/${victimApplication}`,
          undefined,
          '/api/v1/admin/applications/:clientId',
        ],
      ]);

    /**
     * What each caller must get. Better Auth never reads an API key (keys do not reach /api/auth), so
     * there a key alone is no credential: 401. Our admin routes refuse keys outright: 403.
     * Two endpoints are not admin actions: has-permission answers about the caller (it must say no),
     * stop-impersonating is how an impersonation session ends (it answers 400 to anyone else).
     */
    function expected(caller: string, endpoint: string): string | undefined {
      const ours = endpoint.includes(' /api/v1/');
      if (caller === 'none') return '401';
      if (caller === 'userKey' || caller === 'adminKey') return ours ? '403' : '401';
      if (endpoint === 'POST /api/auth/admin/has-permission') return 'says no';
      if (endpoint === 'POST /api/auth/admin/stop-impersonating') return caller === 'impersonation' ? undefined : '400';
      return '403';
    }

    const outcome = (endpoint: string, response: TestResponse) =>
      endpoint === 'POST /api/auth/admin/has-permission' && response.status === 200
        ? (response.body as { success?: unknown } | null)?.success === false
          ? 'says no'
          : `says ${JSON.stringify(response.body)}`
        : String(response.status);

    it('prepares an attack for every admin endpoint that exists (none goes untested)', () => {
      const prepared = Object.keys(attacks());
      for (const endpoint of [...authEndpoints(context, '/admin/'), ...ourAdminRoutes(context)]) {
        expect(prepared, `no attack prepared for ${endpoint}`).toContain(endpoint);
      }
    });

    for (const [caller, label] of [
      ['none', 'a caller without credentials on every admin endpoint (401)'],
      ['user', 'a plain user on every admin endpoint (403)'],
      ['guest', 'a guest on every admin endpoint (403)'],
      ['impersonation', "an admin's impersonation session of a plain user on every admin endpoint (403)"],
      ['userKey', "a user's API key on every admin endpoint (403 on ours; 401 on Better Auth's, which ignores keys)"],
      [
        'adminKey',
        "an admin's API key on every admin endpoint (403 on ours; 401 on Better Auth's, which ignores keys)",
      ],
    ] as const) {
      it(`refuses ${label}, and nothing changes`, async () => {
        const endpoints = [...authEndpoints(context, '/admin/'), ...ourAdminRoutes(context)];
        const all = attacks();
        const before = await platformSnapshot(context);
        const got: Record<string, string> = {};
        const want: Record<string, string> = {};
        for (const endpoint of endpoints) {
          const attack = all[endpoint];
          const status = expected(caller, endpoint);
          if (!attack || status === undefined) continue;
          want[endpoint] = status;
          got[endpoint] = outcome(endpoint, await callers.get(caller)!.send(attack.method, attack.path, attack.body));
        }
        expect(Object.keys(want).length).toBeGreaterThan(15);
        expect(got).toEqual(want);
        expect(await platformSnapshot(context)).toEqual(before);
      });
    }
  });
});
