import { describe, expect, it } from 'vitest';
import type { TestResponse } from '#test/http-client';
import { ENGINES } from '#test/test-context';
import { brief, refused } from './endpoints';
import { acmePerSuite } from './organization-attacks';

describe('ASVS V8 Authorization', () => {
  describe.each(ENGINES)('organizations and teams on %s', (engine) => {
    const acme = acmePerSuite(engine);

    describe('private teams stay hidden from members who are not in them', () => {
      /** Neither the team's id nor its name; where members are listed, not its member either. */
      const hides = (response: TestResponse, { members = true } = {}) =>
        !response.text.includes(acme.org.privateTeam.id) &&
        !response.text.includes(acme.org.privateTeam.name) &&
        (!members || !response.text.includes(acme.org.privateTeamMember.email));

      it('leaves the private team out of organization/list-teams for a plain member', async () => {
        const path = `/api/auth/organization/list-teams?organizationId=${acme.org.id}`;
        const response = await acme.org.member.client.get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain(acme.org.publicTeam.id);
        expect(hides(response), response.text).toBe(true);
        // The organization's owner runs every team, so sees it.
        expect((await acme.org.owner.client.get(path)).text).toContain(acme.org.privateTeam.id);
      });

      it('leaves the private team out of organization/get-full-organization for a plain member', async () => {
        const path = `/api/auth/organization/get-full-organization?organizationId=${acme.org.id}`;
        const response = await acme.org.member.client.get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain(acme.org.publicTeam.id);
        // The private team's member is listed as a member of the organization, which they are.
        expect(hides(response, { members: false }), response.text).toBe(true);
        expect((await acme.org.owner.client.get(path)).text).toContain(acme.org.privateTeam.id);
      });

      it('refuses a plain member organization/list-team-members of the private team, naming none of its members', async () => {
        const response = await acme.org.member.client.get(
          `/api/auth/organization/list-team-members?teamId=${acme.org.privateTeam.id}`,
        );
        expect(refused(response.status), brief(response)).toBe(true);
        expect(hides(response), response.text).toBe(true);
      });

      it('leaves the private team out of team-permissions/list-teams for a plain member (its member still sees it)', async () => {
        const path = `/api/auth/team-permissions/list-teams?organizationId=${acme.org.id}`;
        const member = await acme.org.member.client.get(path);
        expect(member.status).toBe(200);
        expect(member.text).toContain(acme.org.publicTeam.id);
        expect(hides(member), member.text).toBe(true);
        const insider = await acme.org.privateTeamMember.client.get(path);
        expect(insider.text).toContain(acme.org.privateTeam.id);
      });

      it('answers team-permissions/get-team on the private team exactly like a team that does not exist (404)', async () => {
        const hidden = await acme.org.member.client.get(
          `/api/auth/team-permissions/get-team?teamId=${acme.org.privateTeam.id}`,
        );
        const missing = await acme.org.member.client.get('/api/auth/team-permissions/get-team?teamId=no-such-team');
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual(missing.body);
        expect(hides(hidden)).toBe(true);
      });
    });
  });
});
