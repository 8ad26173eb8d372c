import { describe, expect, it } from 'vitest';
import { verifyEmail } from '#test/accounts';
import { organizationRows } from '#test/organization-rows';
import { ENGINES } from '#test/test-context';
import { enableTwoFactor } from '#test/two-factor';
import { ABOUT_THE_CALLER, acmePerSuite, organizationAttacks } from '../access-control/organization-attacks';
import { brief } from '../access-control/endpoints';
import { admin, organization, PASSWORD, sessionCaller, uniqueEmail } from '../support/principals';
import { OPEN_TO_EVERY_MEMBER } from '../../src/auth/plugins/organization-rules/two-factor-gate';
import { answer, setPolicies } from './policies';

const KEPT_OUT = { status: 403, code: 'ORGANIZATION_REQUIRES_TWO_FACTOR' };
const open = (endpoint: string) => OPEN_TO_EVERY_MEMBER.has(endpoint.split(' ')[1]!.replace('/api/auth', ''));

describe('ASVS V6 Authentication: an organization that requires two-factor keeps out members without it', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    const acme = acmePerSuite(engine);

    /** Every prepared attack on the organization, and the caller's own endpoints that read its active one. */
    const ways = () => [
      ...organizationAttacks(acme.org, acme.invitationId).filter((attack) => !open(attack.endpoint)),
      {
        endpoint: 'GET /api/auth/organization/get-active-member',
        method: 'GET' as const,
        path: '/api/auth/organization/get-active-member',
      },
      {
        endpoint: 'GET /api/auth/organization/get-full-organization',
        method: 'GET' as const,
        path: '/api/auth/organization/get-full-organization',
      },
      {
        endpoint: 'GET /api/auth/organization/list-members',
        method: 'GET' as const,
        path: '/api/auth/organization/list-members',
      },
      {
        endpoint: 'GET /api/auth/organization/list-roles',
        method: 'GET' as const,
        path: '/api/auth/organization/list-roles',
      },
      {
        endpoint: 'POST /api/auth/organization/has-permission',
        method: 'POST' as const,
        path: '/api/auth/organization/has-permission',
        body: { permissions: { ac: ['read'] } },
      },
      {
        endpoint: 'GET /api/auth/team-permissions/list-teams',
        method: 'GET' as const,
        path: `/api/auth/team-permissions/list-teams?organizationId=${acme.org.id}`,
      },
    ];

    /** The ways in not answered with the policy's refusal. */
    async function notKeptOut(client: typeof acme.org.member.client) {
      const caller = sessionCaller('member', client);
      const failures: string[] = [];
      for (const way of ways()) {
        const response = await caller.send(way.method, way.path, way.body);
        const got = answer(response);
        if (got.status !== KEPT_OUT.status || got.code !== KEPT_OUT.code)
          failures.push(`${way.endpoint}: ${brief(response)}`);
      }
      return failures;
    }

    it('lists every endpoint the policy leaves open among the endpoints that exist', () => {
      const endpoints = organizationAttacks(acme.org, acme.invitationId)
        .map((attack) => attack.endpoint)
        .concat(ABOUT_THE_CALLER);
      for (const path of OPEN_TO_EVERY_MEMBER) {
        expect(
          endpoints.some((endpoint) => endpoint.endsWith(`/api/auth${path}`)),
          path,
        ).toBe(true);
      }
    });

    it('refuses a member without two-factor every way into the organization’s data, and nothing changes', async () => {
      await setPolicies(acme.context, acme.org.id, { requireTwoFactor: true });
      const before = await organizationRows(acme.context, acme.org.id);
      expect(await notKeptOut(acme.org.member.client)).toEqual([]);
      // The owner and the admin are members like any other.
      expect(await notKeptOut(acme.org.owner.client)).toEqual([]);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses a platform admin who is a member without two-factor', async () => {
      const platformAdmin = await admin(acme.context, 'Platform Admin Member');
      await acme.context.auth.api.addMember({
        body: { userId: platformAdmin.id, organizationId: acme.org.id, role: 'admin' },
      });
      const response = await platformAdmin.client.get(
        `/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`,
      );
      expect(answer(response)).toEqual(KEPT_OUT);
      const active = await platformAdmin.client.post('/api/auth/organization/set-active', {
        organizationId: acme.org.id,
      });
      expect(answer(active)).toEqual(KEPT_OUT);
    });

    it('answers an outsider as without the policy: it tells them nothing of it', async () => {
      const response = await acme.org.outsider.client.get(
        `/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`,
      );
      expect(answer(response).code).not.toBe(KEPT_OUT.code);
      const active = await acme.org.outsider.client.post('/api/auth/organization/set-active', {
        organizationId: acme.org.id,
      });
      expect(active.status).toBe(403);
      expect(answer(active).code).not.toBe(KEPT_OUT.code);
    });

    it('leaves a kept-out member their own things: listing, invitations, another organization, leaving the active one', async () => {
      const { client, email } = acme.org.member;
      // Better Auth lists invitations to verified addresses only.
      await verifyEmail(acme.context, client, email);
      for (const path of ['/api/auth/organization/list', '/api/auth/organization/list-user-invitations']) {
        const response = await client.get(path);
        expect(response.status, `${path}: ${response.text}`).toBe(200);
      }
      const slug = await client.post('/api/auth/organization/check-slug', { slug: 'free-slug-for-two-factor' });
      expect(slug.status, slug.text).toBe(200);
      // Creating an organization makes it the active one; the member reaches it, and not the other.
      const created = await client.post('/api/auth/organization/create', {
        name: 'Side',
        slug: `side-${acme.org.slug}`,
      });
      expect(created.status, created.text).toBe(200);
      const sideId = (created.body as { id: string }).id;
      expect((await client.get('/api/auth/organization/list-members')).status).toBe(200);
      expect((await client.get(`/api/auth/organization/list-members?organizationId=${sideId}`)).status).toBe(200);
      expect(answer(await client.post('/api/auth/organization/set-active', { organizationId: acme.org.id }))).toEqual(
        KEPT_OUT,
      );
      const left = await client.post('/api/auth/organization/set-active', { organizationId: null });
      expect(left.status, left.text).toBe(200);
    });

    it('refuses a kept-out admin who names the organization as "" (Better Auth then acts on the active one), and nothing changes', async () => {
      const org = await organization(acme.context, 'Blank');
      const { client } = org.admin;
      expect((await client.post('/api/auth/organization/set-active', { organizationId: org.id })).status).toBe(200);
      await setPolicies(acme.context, org.id, { requireTwoFactor: true });
      const before = await organizationRows(acme.context, org.id);
      const attempts: Array<[string, unknown]> = [
        ['invite-member', { organizationId: '', email: uniqueEmail('blank'), role: 'admin' }],
        ['update', { organizationId: '', data: { name: 'Renamed by a kept-out admin' } }],
        ['create-team', { organizationId: '', name: 'Sneaky team' }],
        ['remove-member', { organizationId: '', memberIdOrEmail: org.member.email }],
        ['has-permission', { organizationId: '', permissions: { member: ['delete'] } }],
        ['update-member-role', { organizationId: '', memberId: org.memberIds[org.member.id], role: 'admin' }],
      ];
      for (const [path, body] of attempts) {
        expect(answer(await client.post(`/api/auth/organization/${path}`, body)), path).toEqual(KEPT_OUT);
      }
      const blankQuery = await client.get('/api/auth/organization/list-members?organizationId=');
      expect(answer(blankQuery)).toEqual(KEPT_OUT);
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
    });

    it('refuses the members of the session’s active team when the request names none, after leaving the active organization', async () => {
      const org = await organization(acme.context, 'ActiveTeam');
      const { client } = org.privateTeamMember;
      expect((await client.post('/api/auth/organization/set-active', { organizationId: org.id })).status).toBe(200);
      const team = await client.post('/api/auth/organization/set-active-team', { teamId: org.privateTeam.id });
      expect(team.status, team.text).toBe(200);
      await setPolicies(acme.context, org.id, { requireTwoFactor: true });
      const left = await client.post('/api/auth/organization/set-active', { organizationId: null });
      expect(left.status, left.text).toBe(200);
      const before = await organizationRows(acme.context, org.id);
      const members = await client.get('/api/auth/organization/list-team-members');
      expect(answer(members)).toEqual(KEPT_OUT);
      expect(members.text).not.toContain(org.owner.email);
      expect(answer(await client.post('/api/auth/organization/set-active-team', {}))).toEqual(KEPT_OUT);
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
    });

    it('lists a kept-out member’s teams of their other organizations only, whichever organization is active', async () => {
      const org = await organization(acme.context, 'UserTeams');
      const { client } = org.privateTeamMember;
      const own = await client.post('/api/auth/organization/create', { name: 'Own', slug: `own-${org.slug}` });
      expect(own.status, own.text).toBe(200);
      const ownTeam = await client.post('/api/auth/organization/create-team', {
        organizationId: own.body.id,
        name: 'Own Team',
      });
      expect(ownTeam.status, ownTeam.text).toBe(200);
      await setPolicies(acme.context, org.id, { requireTwoFactor: true });
      const before = await organizationRows(acme.context, org.id);
      // The new organization is the active one; then none is.
      for (const active of [own.body.id as string, null]) {
        expect((await client.post('/api/auth/organization/set-active', { organizationId: active })).status).toBe(200);
        const listed = await client.get('/api/auth/organization/list-user-teams');
        expect(listed.status, listed.text).toBe(200);
        const teams = listed.body as Array<{ id: string; organizationId: string }>;
        expect(teams.map((row) => row.id)).toContain(ownTeam.body.id);
        expect(teams.filter((row) => row.organizationId !== own.body.id)).toEqual([]);
        expect(listed.text).not.toContain(org.privateTeam.name);
      }
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
    });

    it('lets a member in once they turn two-factor on', async () => {
      const { client } = acme.org.privateTeamMember;
      expect(answer(await client.get(`/api/auth/team-permissions/get-team?teamId=${acme.org.privateTeam.id}`))).toEqual(
        KEPT_OUT,
      );
      await enableTwoFactor(client, PASSWORD);
      const team = await client.get(`/api/auth/team-permissions/get-team?teamId=${acme.org.privateTeam.id}`);
      expect(team.status, team.text).toBe(200);
      const full = await client.get(`/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`);
      expect(full.status, full.text).toBe(200);
      const active = await client.post('/api/auth/organization/set-active', { organizationId: acme.org.id });
      expect(active.status, active.text).toBe(200);
    });

    it('lets a kept-out member leave', async () => {
      const left = await acme.org.member.client.post('/api/auth/organization/leave', { organizationId: acme.org.id });
      expect(left.status, left.text).toBe(200);
    });
  });
});
