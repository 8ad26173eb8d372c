import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { useTeamFixture } from '#test/fixtures/teams';

describe.each(ENGINES)('set-role on %s', (engine) => {
  const t = useTeamFixture(engine);

  it('never lets anyone change their own team role, and keeps a last owner', async () => {
    const { people } = t;
    const teamId = await t.team('defined');
    const self = await people.teamOwner.client.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: people.teamOwner.id,
      role: 'member',
    });
    expect([self.status, self.body.code]).toEqual([403, 'OWN_ROLE']);

    // Owners now: the org owner (creator) and the team owner. Demote one; the other is the last.
    const admin = people.orgAdmin.client;
    expect(
      (await admin.post('/api/auth/team-permissions/set-role', { teamId, userId: people.orgOwner.id, role: 'member' }))
        .status,
    ).toBe(200);
    const last = await admin.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: people.teamOwner.id,
      role: 'member',
    });
    expect([last.status, last.body.code]).toEqual([400, 'TEAM_LAST_OWNER']);
    const removed = await admin.post('/api/auth/team-permissions/remove-member', {
      teamId,
      userId: people.teamOwner.id,
    });
    expect(removed.body.code).toBe('TEAM_LAST_OWNER');

    // Promote and demote work on others.
    expect(
      (await admin.post('/api/auth/team-permissions/set-role', { teamId, userId: people.teamMember.id, role: 'owner' }))
        .status,
    ).toBe(200);
    expect(
      (await admin.post('/api/auth/team-permissions/set-role', { teamId, userId: people.teamOwner.id, role: 'member' }))
        .status,
    ).toBe(200);
    const details = await admin.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`);
    const roles = Object.fromEntries(
      details.body.members.map((member: { userId: string; role: string }) => [member.userId, member.role]),
    );
    expect(roles).toEqual({
      [people.orgOwner.id]: 'member',
      [people.teamOwner.id]: 'member',
      [people.teamMember.id]: 'owner',
    });
  });
});
