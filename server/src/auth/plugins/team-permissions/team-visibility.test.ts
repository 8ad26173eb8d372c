import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#test/http-client';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';

/** Every path that returns teams shows a private team only to its members and the organization's owners/admins. */
describe.each(ENGINES)('team visibility on %s', (engine) => {
  let context: TestContext;
  let organizationId: string;
  let publicTeam: string;
  let privateTeam: string;
  const people = {} as Record<'owner' | 'teamMember' | 'plainMember', { client: TestClient; id: string }>;

  beforeAll(async () => {
    context = await createTestContext(engine);
    for (const label of ['owner', 'teamMember', 'plainMember'] as const) {
      const client = new TestClient(context.app);
      const response = await client.post('/api/auth/sign-up/email', {
        email: `${label.toLowerCase()}@example.com`,
        password: 'visibility-password-1',
        name: label,
      });
      people[label] = { client, id: response.body.user.id };
    }
    const owner = people.owner.client;
    organizationId = (await owner.post('/api/auth/organization/create', { name: 'Umbrella', slug: 'umbrella' })).body
      .id;
    for (const member of ['teamMember', 'plainMember'] as const) {
      await context.auth.api.addMember({ body: { userId: people[member].id, organizationId, role: 'member' } });
    }
    publicTeam = (await owner.post('/api/auth/organization/create-team', { name: 'Everyone', organizationId })).body.id;
    privateTeam = (await owner.post('/api/auth/organization/create-team', { name: 'Secret Lab', organizationId })).body
      .id;
    await owner.post('/api/auth/team-permissions/set-permission-mode', {
      teamId: privateTeam,
      permissionMode: 'defined',
    });
    await owner.post('/api/auth/team-permissions/add-member', { teamId: privateTeam, userId: people.teamMember.id });
  });
  afterAll(async () => context?.destroy());

  const teamIdsSeenBy = async (client: TestClient) => {
    const listed = await client.get(`/api/auth/organization/list-teams?organizationId=${organizationId}`);
    const full = await client.get(`/api/auth/organization/get-full-organization?organizationId=${organizationId}`);
    const ours = await client.get(`/api/auth/team-permissions/list-teams?organizationId=${organizationId}`);
    expect([listed.status, full.status, ours.status]).toEqual([200, 200, 200]);
    const ids = (teams: Array<{ id: string }>) => teams.map((team) => team.id).sort();
    return { listTeams: ids(listed.body), fullOrganization: ids(full.body!.teams), teamPermissions: ids(ours.body) };
  };

  it('hides a private team from a plain member on every listing', async () => {
    const seen = await teamIdsSeenBy(people.plainMember.client);
    for (const ids of Object.values(seen)) {
      expect(ids).toContain(publicTeam);
      expect(ids).not.toContain(privateTeam);
      expect(ids).toEqual(seen.teamPermissions);
    }
    const everything = JSON.stringify(
      (
        await people.plainMember.client.get(
          `/api/auth/organization/get-full-organization?organizationId=${organizationId}`,
        )
      ).body,
    );
    expect(everything).not.toContain('Secret Lab');
  });

  it('shows it to its members and to the organization owner', async () => {
    for (const person of ['teamMember', 'owner'] as const) {
      const seen = await teamIdsSeenBy(people[person].client);
      for (const ids of Object.values(seen)) {
        expect(ids).toEqual(expect.arrayContaining([publicTeam, privateTeam]));
        expect(ids).toEqual(seen.teamPermissions);
      }
    }
  });

  it("refuses a plain member the private team's members and making it their active team", async () => {
    const plain = people.plainMember.client;
    const members = await plain.get(`/api/auth/organization/list-team-members?teamId=${privateTeam}`);
    expect(members.status).toBe(404);
    expect(JSON.stringify(members.body)).not.toContain(people.teamMember.id);
    expect((await plain.post('/api/auth/organization/set-active-team', { teamId: privateTeam })).status).toBe(404);
    const teamMember = people.teamMember.client;
    expect((await teamMember.get(`/api/auth/organization/list-team-members?teamId=${privateTeam}`)).status).toBe(200);
  });
});
