import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { useTeamFixture } from '#test/fixtures/teams';

describe.each(ENGINES)('remove-member on %s', (engine) => {
  const t = useTeamFixture(engine);

  it('removes a member, and answers 404 for someone who is not one', async () => {
    const { people } = t;
    const teamId = await t.team('defined');
    const owner = people.orgOwner.client;
    expect(
      (await owner.post('/api/auth/team-permissions/remove-member', { teamId, userId: people.teamMember.id })).body,
    ).toEqual({ success: true });
    const again = await owner.post('/api/auth/team-permissions/remove-member', {
      teamId,
      userId: people.teamMember.id,
    });
    expect([again.status, again.body.code]).toEqual([404, 'NOT_A_TEAM_MEMBER']);
    const promote = await owner.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: people.extra.id,
      role: 'owner',
    });
    expect([promote.status, promote.body.code]).toEqual([404, 'NOT_A_TEAM_MEMBER']);
    // The removed member no longer sees the private team.
    expect((await people.teamMember.client.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`)).status).toBe(
      404,
    );
  });
});
