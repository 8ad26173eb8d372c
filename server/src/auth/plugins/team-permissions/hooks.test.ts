import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { expectRefusal, useTeamFixture } from '#test/fixtures/teams';

/** The rules on the organization plugin's own team endpoints (visibility: team-visibility.test.ts). */
describe.each(ENGINES)('team hooks on %s', (engine) => {
  const t = useTeamFixture(engine);

  it('makes the creator of a team its owner', async () => {
    const admin = t.people.orgAdmin.client;
    const created = await admin.post('/api/auth/organization/create-team', {
      name: 'Admins',
      organizationId: t.organizationId,
    });
    const role = await admin.get(`/api/auth/team-permissions/get-team-role?teamId=${created.body.id}`);
    expect(role.body).toEqual({ isOwner: true, isMember: true, role: 'owner' });
    const details = await admin.get(`/api/auth/team-permissions/get-team?teamId=${created.body.id}`);
    expect(details.body.team.permissionMode).toBe('inherited');
    expect(details.body.members).toMatchObject([{ userId: t.people.orgAdmin.id, role: 'owner' }]);
  });

  it('refuses the organization plugin endpoints that would skip the team rules', async () => {
    const teamId = await t.team('defined');
    const { orgMember, orgOwner } = t.people;
    const refusal = {
      code: 'USE_TEAM_ENDPOINTS',
      message: 'Team membership and deletion go through /team-permissions endpoints, which apply the team rules',
    };
    const join = { teamId, userId: orgMember.id };
    await expectRefusal(orgMember.client.post('/api/auth/organization/add-team-member', join), 403, refusal);
    const removal = { teamId, organizationId: t.organizationId };
    await expectRefusal(orgOwner.client.post('/api/auth/organization/remove-team', removal), 403, refusal);
  });
});
