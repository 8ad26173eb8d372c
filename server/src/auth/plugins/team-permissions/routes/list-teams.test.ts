import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { useTeamFixture, type Actor } from '#test/fixtures/teams';

describe.each(ENGINES)('list-teams on %s', (engine) => {
  const t = useTeamFixture(engine);

  it('lists the teams each person may see, with their standing', async () => {
    const privateTeam = await t.team('defined');
    const list = async (actor: Actor) =>
      (await t.people[actor].client.get(`/api/auth/team-permissions/list-teams?organizationId=${t.organizationId}`))
        .body as Array<{ id: string; isOwner: boolean }>;
    expect((await list('orgMember')).some((entry) => entry.id === privateTeam)).toBe(false);
    expect((await list('teamMember')).find((entry) => entry.id === privateTeam)).toMatchObject({
      isOwner: false,
      isMember: true,
      permissionMode: 'defined',
    });
    expect((await list('teamOwner')).find((entry) => entry.id === privateTeam)).toMatchObject({
      isOwner: true,
      memberCount: 3,
    });
  });

  // The console's organizations list counts the same teams.
  it("lists a person's organizations with their role and counts", async () => {
    await t.team('inherited');
    const mine = await t.people.orgAdmin.client.get('/api/v1/organizations');
    const acme = mine.body.data.find((organization: { id: string }) => organization.id === t.organizationId);
    expect(acme).toMatchObject({ name: 'Acme', role: 'admin', memberCount: 6 });
    expect(acme!.teamCount).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(acme!.createdAt))).toBe(false);
    expect(
      (await t.people.otherOrgUser.client.get('/api/v1/organizations')).body.data.map(
        (organization: { name: string }) => organization.name,
      ),
    ).toEqual(['Globex']);
  });
});
