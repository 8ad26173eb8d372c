import { describe, expect, it } from 'vitest';
import type { TestClient } from '#test/http-client';
import { organizationRows } from '#test/organization-rows';
import { ENGINES } from '#test/test-context';
import { sessionCaller, signUp, uniqueEmail } from '../support/principals';
import { authEndpoints, brief, refused } from './endpoints';
import { ABOUT_THE_CALLER, acmePerSuite, organizationAttacks } from './organization-attacks';

describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('organizations and teams on %s', (engine) => {
    const acme = acmePerSuite(engine);

    /** The attacks `role` must be refused, sent with its session: each one not refused, or leaking a hidden value. */
    async function unrefused(role: 'outsider' | 'member', client: TestClient, hidden: string[] = []) {
      const caller = sessionCaller(role, client);
      const failures: string[] = [];
      const attacks = organizationAttacks(acme.org, acme.invitationId).filter((entry) => entry.refuse.includes(role));
      for (const attack of attacks) {
        const response = await caller.send(attack.method, attack.path, attack.body);
        if (!refused(response.status)) failures.push(`${attack.endpoint}: ${brief(response)}`);
        const leaked = hidden.filter((value) => response.text.includes(value));
        if (leaked.length > 0) failures.push(`${attack.endpoint} leaks ${leaked.join(', ')}`);
      }
      return failures;
    }

    it('prepares an attack for every organization and team endpoint that exists (none goes untested)', () => {
      const prepared = [
        ...organizationAttacks(acme.org, acme.invitationId).map((attack) => attack.endpoint),
        ...ABOUT_THE_CALLER,
      ];
      for (const endpoint of [
        ...authEndpoints(acme.context, '/organization/'),
        ...authEndpoints(acme.context, '/team-permissions/'),
      ]) {
        expect(prepared, `no attack prepared for ${endpoint}`).toContain(endpoint);
      }
    });

    it('refuses an outsider every organization and team endpoint of the organization, leaking none of its data', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      expect(await unrefused('outsider', acme.org.outsider.client, acme.secrets)).toEqual([]);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an outsider who owns another organization when they name their own organization in the request', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const own = await acme.org.outsider.client.get('/api/auth/organization/list');
      const ownId = (own.body as Array<{ id: string }>)[0]!.id;
      const attempts = [
        await acme.org.outsider.client.post('/api/auth/organization/update-member-role', {
          memberId: acme.org.memberIds[acme.org.admin.id],
          role: 'member',
          organizationId: ownId,
        }),
        await acme.org.outsider.client.post('/api/auth/organization/remove-member', {
          memberIdOrEmail: acme.org.memberIds[acme.org.admin.id],
          organizationId: ownId,
        }),
        await acme.org.outsider.client.post('/api/auth/organization/update-team', {
          teamId: acme.org.publicTeam.id,
          data: { name: 'Hijacked Team', organizationId: ownId },
        }),
      ];
      expect(attempts.map((response) => refused(response.status))).toEqual([true, true, true]);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('answers an outsider with no teams on team-permissions/list-teams', async () => {
      const response = await acme.org.outsider.client.get(
        `/api/auth/team-permissions/list-teams?organizationId=${acme.org.id}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('refuses a plain member every organization and team action that needs more than membership, and nothing changes', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      expect(await unrefused('member', acme.org.member.client)).toEqual([]);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    describe('invitations', () => {
      it('refuses a plain member the list of the organization’s invitations (403), and get-full-organization shows none', async () => {
        const listed = await acme.org.member.client.get(
          `/api/auth/organization/list-invitations?organizationId=${acme.org.id}`,
        );
        expect(listed.status).toBe(403);
        expect(listed.text).not.toContain(acme.inviteeEmail);
        const full = await acme.org.member.client.get(
          `/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`,
        );
        expect(full.text).not.toContain(acme.inviteeEmail);
      });

      it('refuses an unverified account with the invitee’s address to accept or reject the invitation (403)', async () => {
        const email = uniqueEmail('claimed');
        const invited = await acme.org.owner.client.post('/api/auth/organization/invite-member', {
          email,
          role: 'admin',
          organizationId: acme.org.id,
        });
        expect(invited.status).toBe(200);
        // Anyone can sign up with someone else's address; it stays unverified.
        const squatter = await signUp(acme.context, 'Squatter', { email });
        const accepted = await squatter.client.post('/api/auth/organization/accept-invitation', {
          invitationId: invited.body.id,
        });
        expect(accepted.status).toBe(403);
        const rejected = await squatter.client.post('/api/auth/organization/reject-invitation', {
          invitationId: invited.body.id,
        });
        expect(rejected.status).toBe(403);
        const row = await acme.context.database.db
          .selectFrom('invitation')
          .select('status')
          .where('id', '=', invited.body.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('pending');
        const membership = await acme.context.database.db
          .selectFrom('member')
          .select('id')
          .where('userId', '=', squatter.id)
          .execute();
        expect(membership).toEqual([]);
      });
    });

    describe('nobody raises their own role', () => {
      it('refuses an organization member who promotes themselves (member to admin, admin to owner) with update-member-role', async () => {
        const before = await organizationRows(acme.context, acme.org.id);
        const member = await acme.org.member.client.post('/api/auth/organization/update-member-role', {
          memberId: acme.org.memberIds[acme.org.member.id],
          role: 'admin',
          organizationId: acme.org.id,
        });
        expect(member.status).toBe(403);
        const orgAdmin = await acme.org.admin.client.post('/api/auth/organization/update-member-role', {
          memberId: acme.org.memberIds[acme.org.admin.id],
          role: 'owner',
          organizationId: acme.org.id,
        });
        expect(orgAdmin.status).toBe(403);
        expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
      });

      it('refuses a team member who makes themselves team owner with team-permissions/set-role or add-member', async () => {
        const before = await organizationRows(acme.context, acme.org.id);
        const setRole = await acme.org.privateTeamMember.client.post('/api/auth/team-permissions/set-role', {
          teamId: acme.org.privateTeam.id,
          userId: acme.org.privateTeamMember.id,
          role: 'owner',
        });
        expect(setRole.status).toBe(403);
        const addAgain = await acme.org.privateTeamMember.client.post('/api/auth/team-permissions/add-member', {
          teamId: acme.org.privateTeam.id,
          userId: acme.org.privateTeamMember.id,
          role: 'owner',
        });
        expect(refused(addAgain.status), brief(addAgain)).toBe(true);
        expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
      });
    });
  });
});
