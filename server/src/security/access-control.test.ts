import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type TestResponse } from '../testing/http-client';
import { ENGINES, type TestContext } from '../testing/test-context';
import { sharedContexts } from './support/contexts';
import {
  admin,
  anonymousCaller,
  apiKey,
  apiKeyCaller,
  guest,
  impersonation,
  organization,
  PASSWORD,
  plainUser,
  sessionCaller,
  signUp,
  uniqueEmail,
  type Caller,
  type Organization,
  type Person,
} from './support/principals';

const contexts = sharedContexts();
afterAll(() => contexts.destroyAll());

type Method = 'GET' | 'POST';
interface Attack {
  method: Method;
  path: string;
  body?: unknown;
}

/** Attacks by endpoint (`METHOD /path`, without its query string). */
const attackTable = (rows: Array<[Method, string, unknown?]>): Record<string, Attack> =>
  Object.fromEntries(rows.map(([method, path, body]) => [`${method} ${path.split('?')[0]}`, { method, path, body }]));

const refused = (status: number) => status >= 400 && status < 500;
const brief = (response: TestResponse) => `${response.status} ${response.text.slice(0, 160)}`;

/** Better Auth's endpoints under a prefix, as the running instance declares them (new ones show up here). */
function authEndpoints(context: TestContext, prefix: string): string[] {
  const endpoints = Object.values(context.auth.api as Record<string, unknown>) as Array<{
    path?: unknown;
    options?: { method?: unknown };
  }>;
  return endpoints
    .filter((endpoint) => typeof endpoint.path === 'string' && endpoint.path.startsWith(prefix))
    .map((endpoint) => {
      const method = endpoint.options?.method;
      return `${Array.isArray(method) ? method.join(',') : String(method)} /api/auth${String(endpoint.path)}`;
    })
    .sort();
}

/** Our routes under /api/v1/admin, as the running app has them (middleware entries left out). */
function ourAdminRoutes(context: TestContext): string[] {
  const routes = context.app.routes
    .filter((route) => route.path.startsWith('/api/v1/admin/') && route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

/** Rows whose change would mean an admin action went through. */
async function platformSnapshot(context: TestContext) {
  const { db } = context.database;
  return {
    users: await db
      .selectFrom('user')
      .select(['id', 'email', 'name', 'role', 'banned', 'emailVerified'])
      .orderBy('id')
      .execute(),
    passwords: await db.selectFrom('account').select(['userId', 'password']).orderBy('userId').execute(),
    sessions: await db.selectFrom('session').select(['id', 'userId', 'impersonatedBy']).orderBy('id').execute(),
    organizations: await db.selectFrom('organization').select(['id', 'name', 'slug']).orderBy('id').execute(),
  };
}

/** Rows of one organization whose change would mean an attack went through. */
async function organizationSnapshot(context: TestContext, organizationId: string) {
  const { db } = context.database;
  const teams = await db
    .selectFrom('team')
    .select(['id', 'name', 'permissionMode'])
    .where('organizationId', '=', organizationId)
    .orderBy('id')
    .execute();
  return {
    organization: await db
      .selectFrom('organization')
      .select(['id', 'name', 'slug'])
      .where('id', '=', organizationId)
      .execute(),
    members: await db
      .selectFrom('member')
      .select(['id', 'userId', 'role'])
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute(),
    invitations: await db
      .selectFrom('invitation')
      .select(['id', 'email', 'role', 'status'])
      .where('organizationId', '=', organizationId)
      .orderBy('id')
      .execute(),
    teams,
    teamMembers:
      teams.length === 0
        ? []
        : await db
            .selectFrom('teamMember')
            .select(['teamId', 'userId', 'role'])
            .where(
              'teamId',
              'in',
              teams.map((team) => team.id),
            )
            .orderBy('teamId')
            .orderBy('userId')
            .execute(),
  };
}

describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('platform admin endpoints on %s', (engine) => {
    let context: TestContext;
    let platformAdmin: Person;
    let victim: Person;
    let bannedVictim: Person;
    let victimSessionToken: string;
    const callers = new Map<string, Caller>();

    beforeAll(async () => {
      context = await contexts.get(engine);
      platformAdmin = await admin(context);
      const user = await plainUser(context, 'Plain');
      const guestPerson = await guest(context);
      const impersonated = await plainUser(context, 'Impersonated');
      victim = await plainUser(context, 'Victim');
      bannedVictim = await plainUser(context, 'Banned Victim');
      const ban = await platformAdmin.client.post('/api/auth/admin/ban-user', { userId: bannedVictim.id });
      expect(ban.status).toBe(200);
      const session = await context.database.db
        .selectFrom('session')
        .select('token')
        .where('userId', '=', victim.id)
        .executeTakeFirstOrThrow();
      victimSessionToken = session.token as string;

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
        [
          'POST',
          '/api/v1/admin/users',
          { email: uniqueEmail('planted'), password: PASSWORD, name: 'Planted', role: 'admin' },
        ],
        ['GET', '/api/v1/admin/organizations'],
        ['POST', '/api/v1/admin/organizations', { name: 'Planted Organization' }],
        ['GET', '/api/v1/admin/outbox'],
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
        ? response.body?.success === false
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

  describe.each(ENGINES)('organizations and teams on %s', (engine) => {
    let context: TestContext;
    let org: Organization;
    let invitationId: string;
    let inviteeEmail: string;
    /** Strings only members may read: finding one in an outsider's answer is a leak. */
    let secrets: string[];

    beforeAll(async () => {
      context = await contexts.get(engine);
      org = await organization(context, 'Acme');
      inviteeEmail = uniqueEmail('invitee');
      const invited = await org.owner.client.post('/api/auth/organization/invite-member', {
        email: inviteeEmail,
        role: 'member',
        organizationId: org.id,
      });
      expect(invited.status, invited.text).toBe(200);
      invitationId = invited.body.id as string;
      secrets = [
        org.name,
        org.slug,
        org.owner.email,
        org.admin.email,
        org.member.email,
        org.privateTeamMember.email,
        org.publicTeam.name,
        org.privateTeam.name,
        inviteeEmail,
      ];
      // The member works in the organization: it is their active one (set-active-team needs it).
      expect(
        (await org.member.client.post('/api/auth/organization/set-active', { organizationId: org.id })).status,
      ).toBe(200);
    });

    /**
     * Every organization and team endpoint that names this organization, one of its teams, members or
     * invitations, with who must be refused. `member` is left out where a plain member has the right
     * (reading the organization, its members, public teams; leaving it).
     */
    const attacks = (): Array<Attack & { endpoint: string; refuse: Array<'outsider' | 'member'> }> => {
      const both: Array<'outsider' | 'member'> = ['outsider', 'member'];
      const outsiderOnly: Array<'outsider' | 'member'> = ['outsider'];
      const adminMemberId = org.memberIds[org.admin.id]!;
      return [
        {
          endpoint: 'GET /api/auth/organization/get-organization',
          method: 'GET',
          path: `/api/auth/organization/get-organization?organizationId=${org.id}`,
          refuse: outsiderOnly,
        },
        {
          endpoint: 'GET /api/auth/organization/get-full-organization',
          method: 'GET',
          path: `/api/auth/organization/get-full-organization?organizationId=${org.id}`,
          refuse: outsiderOnly,
        },
        {
          endpoint: 'POST /api/auth/organization/set-active',
          method: 'POST',
          path: '/api/auth/organization/set-active',
          body: { organizationId: org.id },
          refuse: outsiderOnly,
        },
        {
          endpoint: 'POST /api/auth/organization/update',
          method: 'POST',
          path: '/api/auth/organization/update',
          body: { organizationId: org.id, data: { name: 'Hijacked', slug: 'hijacked' } },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/delete',
          method: 'POST',
          path: '/api/auth/organization/delete',
          body: { organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/invite-member',
          method: 'POST',
          path: '/api/auth/organization/invite-member',
          body: { email: uniqueEmail('accomplice'), role: 'admin', organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/cancel-invitation',
          method: 'POST',
          path: '/api/auth/organization/cancel-invitation',
          body: { invitationId },
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/organization/get-invitation',
          method: 'GET',
          path: `/api/auth/organization/get-invitation?id=${invitationId}`,
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/accept-invitation',
          method: 'POST',
          path: '/api/auth/organization/accept-invitation',
          body: { invitationId },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/reject-invitation',
          method: 'POST',
          path: '/api/auth/organization/reject-invitation',
          body: { invitationId },
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/organization/list-invitations',
          method: 'GET',
          path: `/api/auth/organization/list-invitations?organizationId=${org.id}`,
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/organization/get-active-member-role',
          method: 'GET',
          path: `/api/auth/organization/get-active-member-role?organizationId=${org.id}&userId=${org.owner.id}`,
          refuse: outsiderOnly,
        },
        {
          endpoint: 'POST /api/auth/organization/remove-member',
          method: 'POST',
          path: '/api/auth/organization/remove-member',
          body: { memberIdOrEmail: org.admin.email, organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/update-member-role',
          method: 'POST',
          path: '/api/auth/organization/update-member-role',
          body: { memberId: adminMemberId, role: 'member', organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/leave',
          method: 'POST',
          path: '/api/auth/organization/leave',
          body: { organizationId: org.id },
          refuse: outsiderOnly,
        },
        {
          endpoint: 'GET /api/auth/organization/list-members',
          method: 'GET',
          path: `/api/auth/organization/list-members?organizationId=${org.id}`,
          refuse: outsiderOnly,
        },
        {
          endpoint: 'POST /api/auth/organization/create-team',
          method: 'POST',
          path: '/api/auth/organization/create-team',
          body: { name: 'Intruders', organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/organization/list-teams',
          method: 'GET',
          path: `/api/auth/organization/list-teams?organizationId=${org.id}`,
          refuse: outsiderOnly,
        },
        {
          endpoint: 'POST /api/auth/organization/remove-team',
          method: 'POST',
          path: '/api/auth/organization/remove-team',
          body: { teamId: org.publicTeam.id, organizationId: org.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/update-team',
          method: 'POST',
          path: '/api/auth/organization/update-team',
          body: { teamId: org.publicTeam.id, data: { name: 'Hijacked Team' } },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/set-active-team',
          method: 'POST',
          path: '/api/auth/organization/set-active-team',
          body: { teamId: org.privateTeam.id },
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/organization/list-team-members',
          method: 'GET',
          path: `/api/auth/organization/list-team-members?teamId=${org.privateTeam.id}`,
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/add-team-member',
          method: 'POST',
          path: '/api/auth/organization/add-team-member',
          body: { teamId: org.privateTeam.id, userId: org.member.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/organization/remove-team-member',
          method: 'POST',
          path: '/api/auth/organization/remove-team-member',
          body: { teamId: org.privateTeam.id, userId: org.privateTeamMember.id },
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/team-permissions/get-team',
          method: 'GET',
          path: `/api/auth/team-permissions/get-team?teamId=${org.privateTeam.id}`,
          refuse: both,
        },
        {
          endpoint: 'GET /api/auth/team-permissions/get-team-role',
          method: 'GET',
          path: `/api/auth/team-permissions/get-team-role?teamId=${org.privateTeam.id}`,
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/check-permission',
          method: 'POST',
          path: '/api/auth/team-permissions/check-permission',
          body: { teamId: org.privateTeam.id, permission: 'team:update' },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/set-permission-mode',
          method: 'POST',
          path: '/api/auth/team-permissions/set-permission-mode',
          body: { teamId: org.publicTeam.id, permissionMode: 'defined' },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/add-member',
          method: 'POST',
          path: '/api/auth/team-permissions/add-member',
          body: { teamId: org.privateTeam.id, userId: org.member.id, role: 'owner' },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/set-role',
          method: 'POST',
          path: '/api/auth/team-permissions/set-role',
          body: { teamId: org.privateTeam.id, userId: org.privateTeamMember.id, role: 'owner' },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/remove-member',
          method: 'POST',
          path: '/api/auth/team-permissions/remove-member',
          body: { teamId: org.privateTeam.id, userId: org.privateTeamMember.id },
          refuse: both,
        },
        {
          endpoint: 'POST /api/auth/team-permissions/delete-team',
          method: 'POST',
          path: '/api/auth/team-permissions/delete-team',
          body: { teamId: org.publicTeam.id },
          refuse: both,
        },
      ];
    };

    /** Endpoints about the caller's own account or organizations: nothing of another organization to attack. */
    const ABOUT_THE_CALLER = [
      'POST /api/auth/organization/create',
      'GET /api/auth/organization/list',
      'POST /api/auth/organization/check-slug',
      'GET /api/auth/organization/get-active-member',
      'GET /api/auth/organization/list-user-invitations',
      'GET /api/auth/organization/list-user-teams',
      'POST /api/auth/organization/has-permission',
      // Answers [] to a non-member: covered by its own case below.
      'GET /api/auth/team-permissions/list-teams',
    ];

    /** The attacks `role` must be refused, sent with its session: each one not refused, or leaking a hidden value. */
    async function unrefused(role: 'outsider' | 'member', client: TestClient, hidden: string[] = []) {
      const caller = sessionCaller(role, client);
      const failures: string[] = [];
      for (const attack of attacks().filter((entry) => entry.refuse.includes(role))) {
        const response = await caller.send(attack.method, attack.path, attack.body);
        if (!refused(response.status)) failures.push(`${attack.endpoint}: ${brief(response)}`);
        const leaked = hidden.filter((value) => response.text.includes(value));
        if (leaked.length > 0) failures.push(`${attack.endpoint} leaks ${leaked.join(', ')}`);
      }
      return failures;
    }

    it('prepares an attack for every organization and team endpoint that exists (none goes untested)', () => {
      const prepared = [...attacks().map((attack) => attack.endpoint), ...ABOUT_THE_CALLER];
      for (const endpoint of [
        ...authEndpoints(context, '/organization/'),
        ...authEndpoints(context, '/team-permissions/'),
      ]) {
        expect(prepared, `no attack prepared for ${endpoint}`).toContain(endpoint);
      }
    });

    it('refuses an outsider every organization and team endpoint of the organization, leaking none of its data', async () => {
      const before = await organizationSnapshot(context, org.id);
      expect(await unrefused('outsider', org.outsider.client, secrets)).toEqual([]);
      expect(await organizationSnapshot(context, org.id)).toEqual(before);
    });

    it('refuses an outsider who owns another organization when they name their own organization in the request', async () => {
      const before = await organizationSnapshot(context, org.id);
      const own = await org.outsider.client.get('/api/auth/organization/list');
      const ownId = (own.body as Array<{ id: string }>)[0]!.id;
      const attempts = [
        await org.outsider.client.post('/api/auth/organization/update-member-role', {
          memberId: org.memberIds[org.admin.id],
          role: 'member',
          organizationId: ownId,
        }),
        await org.outsider.client.post('/api/auth/organization/remove-member', {
          memberIdOrEmail: org.memberIds[org.admin.id],
          organizationId: ownId,
        }),
        await org.outsider.client.post('/api/auth/organization/update-team', {
          teamId: org.publicTeam.id,
          data: { name: 'Hijacked Team', organizationId: ownId },
        }),
      ];
      expect(attempts.map((response) => refused(response.status))).toEqual([true, true, true]);
      expect(await organizationSnapshot(context, org.id)).toEqual(before);
    });

    it('answers an outsider with no teams on team-permissions/list-teams', async () => {
      const response = await org.outsider.client.get(`/api/auth/team-permissions/list-teams?organizationId=${org.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('refuses a plain member every organization and team action that needs more than membership, and nothing changes', async () => {
      const before = await organizationSnapshot(context, org.id);
      expect(await unrefused('member', org.member.client)).toEqual([]);
      expect(await organizationSnapshot(context, org.id)).toEqual(before);
    });

    describe('private teams stay hidden from members who are not in them', () => {
      /** Neither the team's id nor its name; where members are listed, not its member either. */
      const hides = (response: TestResponse, { members = true } = {}) =>
        !response.text.includes(org.privateTeam.id) &&
        !response.text.includes(org.privateTeam.name) &&
        (!members || !response.text.includes(org.privateTeamMember.email));

      it('leaves the private team out of organization/list-teams for a plain member', async () => {
        const path = `/api/auth/organization/list-teams?organizationId=${org.id}`;
        const response = await org.member.client.get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain(org.publicTeam.id);
        expect(hides(response), response.text).toBe(true);
        // The organization's owner runs every team, so sees it.
        expect((await org.owner.client.get(path)).text).toContain(org.privateTeam.id);
      });

      it('leaves the private team out of organization/get-full-organization for a plain member', async () => {
        const path = `/api/auth/organization/get-full-organization?organizationId=${org.id}`;
        const response = await org.member.client.get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain(org.publicTeam.id);
        // The private team's member is listed as a member of the organization, which they are.
        expect(hides(response, { members: false }), response.text).toBe(true);
        expect((await org.owner.client.get(path)).text).toContain(org.privateTeam.id);
      });

      it('refuses a plain member organization/list-team-members of the private team, naming none of its members', async () => {
        const response = await org.member.client.get(
          `/api/auth/organization/list-team-members?teamId=${org.privateTeam.id}`,
        );
        expect(refused(response.status), brief(response)).toBe(true);
        expect(hides(response), response.text).toBe(true);
      });

      it('leaves the private team out of team-permissions/list-teams for a plain member (its member still sees it)', async () => {
        const path = `/api/auth/team-permissions/list-teams?organizationId=${org.id}`;
        const member = await org.member.client.get(path);
        expect(member.status).toBe(200);
        expect(member.text).toContain(org.publicTeam.id);
        expect(hides(member), member.text).toBe(true);
        const insider = await org.privateTeamMember.client.get(path);
        expect(insider.text).toContain(org.privateTeam.id);
      });

      it('answers team-permissions/get-team on the private team exactly like a team that does not exist (404)', async () => {
        const hidden = await org.member.client.get(`/api/auth/team-permissions/get-team?teamId=${org.privateTeam.id}`);
        const missing = await org.member.client.get('/api/auth/team-permissions/get-team?teamId=no-such-team');
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual(missing.body);
        expect(hides(hidden)).toBe(true);
      });
    });

    describe('invitations', () => {
      it('refuses a plain member the list of the organization’s invitations (403), and get-full-organization shows none', async () => {
        const listed = await org.member.client.get(`/api/auth/organization/list-invitations?organizationId=${org.id}`);
        expect(listed.status).toBe(403);
        expect(listed.text).not.toContain(inviteeEmail);
        const full = await org.member.client.get(
          `/api/auth/organization/get-full-organization?organizationId=${org.id}`,
        );
        expect(full.text).not.toContain(inviteeEmail);
      });

      it('refuses an unverified account with the invitee’s address to accept or reject the invitation (403)', async () => {
        const email = uniqueEmail('claimed');
        const invited = await org.owner.client.post('/api/auth/organization/invite-member', {
          email,
          role: 'admin',
          organizationId: org.id,
        });
        expect(invited.status).toBe(200);
        // Anyone can sign up with someone else's address; it stays unverified.
        const squatter = await signUp(context, 'Squatter', { email });
        const accepted = await squatter.client.post('/api/auth/organization/accept-invitation', {
          invitationId: invited.body.id,
        });
        expect(accepted.status).toBe(403);
        const rejected = await squatter.client.post('/api/auth/organization/reject-invitation', {
          invitationId: invited.body.id,
        });
        expect(rejected.status).toBe(403);
        const row = await context.database.db
          .selectFrom('invitation')
          .select('status')
          .where('id', '=', invited.body.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('pending');
        const membership = await context.database.db
          .selectFrom('member')
          .select('id')
          .where('userId', '=', squatter.id)
          .execute();
        expect(membership).toEqual([]);
      });
    });

    describe('nobody raises their own role', () => {
      it('refuses an organization member who promotes themselves (member to admin, admin to owner) with update-member-role', async () => {
        const before = await organizationSnapshot(context, org.id);
        const member = await org.member.client.post('/api/auth/organization/update-member-role', {
          memberId: org.memberIds[org.member.id],
          role: 'admin',
          organizationId: org.id,
        });
        expect(member.status).toBe(403);
        const orgAdmin = await org.admin.client.post('/api/auth/organization/update-member-role', {
          memberId: org.memberIds[org.admin.id],
          role: 'owner',
          organizationId: org.id,
        });
        expect(orgAdmin.status).toBe(403);
        expect(await organizationSnapshot(context, org.id)).toEqual(before);
      });

      it('refuses a team member who makes themselves team owner with team-permissions/set-role or add-member', async () => {
        const before = await organizationSnapshot(context, org.id);
        const setRole = await org.privateTeamMember.client.post('/api/auth/team-permissions/set-role', {
          teamId: org.privateTeam.id,
          userId: org.privateTeamMember.id,
          role: 'owner',
        });
        expect(setRole.status).toBe(403);
        const addAgain = await org.privateTeamMember.client.post('/api/auth/team-permissions/add-member', {
          teamId: org.privateTeam.id,
          userId: org.privateTeamMember.id,
          role: 'owner',
        });
        expect(refused(addAgain.status), brief(addAgain)).toBe(true);
        expect(await organizationSnapshot(context, org.id)).toEqual(before);
      });
    });
  });

  describe.each(ENGINES)('accounts on %s', (engine) => {
    let context: TestContext;
    beforeAll(async () => {
      context = await contexts.get(engine);
    });

    describe('nobody raises their own role', () => {
      const roleOf = async (userId: string) =>
        (await context.database.db.selectFrom('user').select('role').where('id', '=', userId).executeTakeFirstOrThrow())
          .role;

      it('refuses a user who sets role=admin on themselves through update-user, admin/set-role or admin/update-user', async () => {
        const person = await plainUser(context, 'Climber');
        const viaProfile = await person.client.post('/api/auth/update-user', { role: 'admin' });
        expect(viaProfile.status).toBe(400);
        const viaSetRole = await person.client.post('/api/auth/admin/set-role', { userId: person.id, role: 'admin' });
        expect(viaSetRole.status).toBe(403);
        const viaAdminUpdate = await person.client.post('/api/auth/admin/update-user', {
          userId: person.id,
          data: { role: 'admin' },
        });
        expect(viaAdminUpdate.status).toBe(403);
        expect(await roleOf(person.id)).toBe('user');
      });

      it('refuses a guest who sets role=admin on themselves through update-user', async () => {
        const person = await guest(context);
        expect((await person.client.post('/api/auth/update-user', { role: 'admin' })).status).toBe(400);
        expect(await roleOf(person.id)).toBe('user');
      });
    });

    describe('mass assignment', () => {
      it.each([
        ['role', { role: 'admin' }],
        ['emailVerified', { emailVerified: true }],
        ['banned', { banned: true }],
        ['isAnonymous', { isAnonymous: true }],
        ['all at once', { role: 'admin', emailVerified: true, banned: true }],
      ])(
        'ignores or refuses sign-up with protected fields (%s): the account keeps its defaults',
        async (_label, fields) => {
          const email = uniqueEmail('mass');
          const response = await new TestClient(context.app).post('/api/auth/sign-up/email', {
            email,
            password: PASSWORD,
            name: 'Mass',
            ...fields,
          });
          expect([200, 400], brief(response)).toContain(response.status);
          const row = await context.database.db
            .selectFrom('user')
            .select(['role', 'emailVerified', 'banned', 'isAnonymous'])
            .where('email', '=', email)
            .executeTakeFirst();
          if (response.status === 400) {
            expect(row).toBeUndefined();
          } else {
            expect(row).toBeDefined();
            expect(row!.role).toBe('user');
            expect(Boolean(Number(row!.emailVerified))).toBe(false);
            expect(Boolean(Number(row!.banned))).toBe(false);
            expect(Boolean(Number(row!.isAnonymous))).toBe(false);
          }
        },
      );
    });
  });
});
