import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { ACTORS, useTeamFixture, type Actor, type Mode, type Person } from '#test/fixtures/teams';

type Action = 'view' | 'update' | 'addMember' | 'delete';

/** Expected HTTP status of each action, by mode and actor (the rules of the team-permissions design). */
const MATRIX: Record<Mode, Record<Action, Record<Actor, number>>> = {
  inherited: {
    view: { orgOwner: 200, orgAdmin: 200, orgMember: 200, teamOwner: 200, teamMember: 200, outsider: 404 },
    update: { orgOwner: 200, orgAdmin: 200, orgMember: 403, teamOwner: 200, teamMember: 403, outsider: 404 },
    // Members are added to private teams only.
    addMember: { orgOwner: 400, orgAdmin: 400, orgMember: 403, teamOwner: 400, teamMember: 403, outsider: 404 },
    delete: { orgOwner: 200, orgAdmin: 200, orgMember: 403, teamOwner: 200, teamMember: 403, outsider: 404 },
  },
  defined: {
    view: { orgOwner: 200, orgAdmin: 200, orgMember: 404, teamOwner: 200, teamMember: 200, outsider: 404 },
    update: { orgOwner: 200, orgAdmin: 200, orgMember: 404, teamOwner: 200, teamMember: 403, outsider: 404 },
    addMember: { orgOwner: 200, orgAdmin: 200, orgMember: 404, teamOwner: 200, teamMember: 403, outsider: 404 },
    delete: { orgOwner: 200, orgAdmin: 200, orgMember: 404, teamOwner: 200, teamMember: 403, outsider: 404 },
  },
};

describe.each(ENGINES)('team permissions on %s', (engine) => {
  const t = useTeamFixture(engine);

  const act: Record<Action, (actor: Person, teamId: string, mode: Mode) => Promise<{ status: number }>> = {
    view: (actor, teamId) => actor.client.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`),
    update: (actor, teamId, mode) =>
      actor.client.post('/api/auth/team-permissions/set-permission-mode', { teamId, permissionMode: mode }),
    addMember: (actor, teamId) =>
      actor.client.post('/api/auth/team-permissions/add-member', { teamId, userId: t.people.extra.id, role: 'member' }),
    delete: (actor, teamId) => actor.client.post('/api/auth/team-permissions/delete-team', { teamId }),
  };

  for (const mode of ['inherited', 'defined'] as const) {
    for (const action of ['view', 'update', 'addMember', 'delete'] as const) {
      it(`${action} on a ${mode === 'inherited' ? 'public' : 'private'} team`, async () => {
        const outcome: Record<string, number> = {};
        for (const actor of ACTORS) {
          const teamId = await t.team(mode);
          // check-permission agrees with what the action itself allows.
          if (action !== 'view' && MATRIX[mode].view[actor] === 200) {
            const permission = { update: 'team:update', addMember: 'team:addMember', delete: 'team:delete' }[action];
            const check = await t.people[actor].client.post('/api/auth/team-permissions/check-permission', {
              teamId,
              permission,
            });
            expect(check.body.allowed, `${actor} ${permission}`).toBe(MATRIX[mode][action][actor] === 200);
          }
          outcome[actor] = (await act[action](t.people[actor], teamId, mode)).status;
        }
        expect(outcome).toEqual(MATRIX[mode][action]);
      });
    }
  }

  it('keeps other organizations out, whatever ids they guess', async () => {
    const { people, organizationId } = t;
    const teamId = await t.team('inherited');
    const outsider = people.outsider.client;
    const seen = await outsider.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`);
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe('Team not found');
    expect(seen.text).not.toContain(people.teamOwner.email);
    expect((await outsider.get(`/api/auth/team-permissions/list-teams?organizationId=${organizationId}`)).body).toEqual(
      [],
    );
    expect(
      (await outsider.post('/api/auth/organization/create-team', { name: 'Intruders', organizationId })).status,
    ).toBe(403);
    expect((await outsider.post('/api/auth/organization/get-full-organization', {})).status).toBeGreaterThanOrEqual(
      400,
    );

    // Nor can an owner of A pull a member of B into A's team.
    const privateTeam = await t.team('defined');
    const pulled = await people.orgOwner.client.post('/api/auth/team-permissions/add-member', {
      teamId: privateTeam,
      userId: people.otherOrgUser.id,
      role: 'member',
    });
    expect(pulled.status).toBe(400);
    expect(pulled.body.message).toBe('User not found in organization. They must be an organization member first.');
  });
});
