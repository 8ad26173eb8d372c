import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../testing/http-client';
import { createTestContext, ENGINES, type TestContext } from '../../../testing/test-context';

type Actor = 'orgOwner' | 'orgAdmin' | 'orgMember' | 'teamOwner' | 'teamMember' | 'outsider';
type Mode = 'inherited' | 'defined';
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
const ACTORS = Object.keys(MATRIX.inherited.view) as Actor[];

interface Person {
  client: TestClient;
  id: string;
  email: string;
}

describe.each(ENGINES)('team permissions on %s', (engine) => {
  let context: TestContext;
  const people = {} as Record<Actor | 'extra' | 'otherOrgUser', Person>;
  let organizationId: string;

  async function person(label: string): Promise<Person> {
    const client = new TestClient(context.app);
    const email = `${label.toLowerCase()}-${crypto.randomBytes(3).toString('hex')}@example.com`;
    const response = await client.post('/api/auth/sign-up/email', { email, password: 'team-password-1', name: label });
    expect(response.status).toBe(200);
    return { client, id: response.body.user.id, email };
  }

  async function createOrganization(owner: Person, name: string) {
    const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
    const response = await owner.client.post('/api/auth/organization/create', { name, slug });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  const addToOrganization = (user: Person, orgId: string, role: 'admin' | 'member') =>
    context.auth.api.addMember({ body: { userId: user.id, organizationId: orgId, role } });

  /** A fresh team of the organization: the org owner creates it, the team owner and member are added. */
  async function team(mode: Mode): Promise<string> {
    const created = await people.orgOwner.client.post('/api/auth/organization/create-team', {
      name: `Team ${crypto.randomBytes(3).toString('hex')}`,
      organizationId,
    });
    expect(created.status).toBe(200);
    const teamId = created.body.id as string;
    const owner = people.orgOwner.client;
    expect(
      (await owner.post('/api/auth/team-permissions/set-permission-mode', { teamId, permissionMode: 'defined' }))
        .status,
    ).toBe(200);
    expect(
      (
        await owner.post('/api/auth/team-permissions/add-member', {
          teamId,
          userId: people.teamOwner.id,
          role: 'owner',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.post('/api/auth/team-permissions/add-member', {
          teamId,
          userId: people.teamMember.id,
          role: 'member',
        })
      ).status,
    ).toBe(200);
    if (mode === 'inherited') {
      expect(
        (await owner.post('/api/auth/team-permissions/set-permission-mode', { teamId, permissionMode: 'inherited' }))
          .status,
      ).toBe(200);
    }
    return teamId;
  }

  beforeAll(async () => {
    context = await createTestContext(engine);
    for (const label of [...ACTORS, 'extra', 'otherOrgUser'] as const) people[label] = await person(label);
    organizationId = await createOrganization(people.orgOwner, 'Acme');
    await addToOrganization(people.orgAdmin, organizationId, 'admin');
    for (const member of ['orgMember', 'teamOwner', 'teamMember', 'extra'] as const)
      await addToOrganization(people[member], organizationId, 'member');
    const otherOrganization = await createOrganization(people.outsider, 'Globex');
    await addToOrganization(people.otherOrgUser, otherOrganization, 'member');
  });
  afterAll(async () => context?.destroy());

  const act: Record<Action, (actor: Person, teamId: string, mode: Mode) => Promise<{ status: number }>> = {
    view: (actor, teamId) => actor.client.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`),
    update: (actor, teamId, mode) =>
      actor.client.post('/api/auth/team-permissions/set-permission-mode', { teamId, permissionMode: mode }),
    addMember: (actor, teamId) =>
      actor.client.post('/api/auth/team-permissions/add-member', { teamId, userId: people.extra.id, role: 'member' }),
    delete: (actor, teamId) => actor.client.post('/api/auth/team-permissions/delete-team', { teamId }),
  };

  for (const mode of ['inherited', 'defined'] as const) {
    for (const action of ['view', 'update', 'addMember', 'delete'] as const) {
      it(`${action} on a ${mode === 'inherited' ? 'public' : 'private'} team`, async () => {
        const outcome: Record<string, number> = {};
        for (const actor of ACTORS) {
          const teamId = await team(mode);
          // check-permission agrees with what the action itself allows.
          if (action !== 'view' && MATRIX[mode].view[actor] === 200) {
            const permission = { update: 'team:update', addMember: 'team:addMember', delete: 'team:delete' }[action];
            const check = await people[actor].client.post('/api/auth/team-permissions/check-permission', {
              teamId,
              permission,
            });
            expect(check.body.allowed, `${actor} ${permission}`).toBe(MATRIX[mode][action][actor] === 200);
          }
          outcome[actor] = (await act[action](people[actor], teamId, mode)).status;
        }
        expect(outcome).toEqual(MATRIX[mode][action]);
      });
    }
  }

  it('makes the creator of a team its owner', async () => {
    const created = await people.orgAdmin.client.post('/api/auth/organization/create-team', {
      name: 'Admins',
      organizationId,
    });
    const role = await people.orgAdmin.client.get(`/api/auth/team-permissions/get-team-role?teamId=${created.body.id}`);
    expect(role.body).toEqual({ isOwner: true, isMember: true, role: 'owner' });
    const details = await people.orgAdmin.client.get(`/api/auth/team-permissions/get-team?teamId=${created.body.id}`);
    expect(details.body.team.permissionMode).toBe('inherited');
    expect(details.body.members).toMatchObject([{ userId: people.orgAdmin.id, role: 'owner' }]);
  });

  it('keeps other organizations out, whatever ids they guess', async () => {
    const teamId = await team('inherited');
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
    const privateTeam = await team('defined');
    const pulled = await people.orgOwner.client.post('/api/auth/team-permissions/add-member', {
      teamId: privateTeam,
      userId: people.otherOrgUser.id,
      role: 'member',
    });
    expect(pulled.status).toBe(400);
    expect(pulled.body.message).toBe('User not found in organization. They must be an organization member first.');
  });

  it('refuses the organization plugin endpoints that would skip the team rules', async () => {
    const teamId = await team('defined');
    const bypass = await people.orgMember.client.post('/api/auth/organization/add-team-member', {
      teamId,
      userId: people.orgMember.id,
    });
    expect(bypass.status).toBe(403);
    expect(
      (await people.orgOwner.client.post('/api/auth/organization/remove-team', { teamId, organizationId })).status,
    ).toBe(403);
  });

  it('never lets anyone change their own team role, and keeps a last owner', async () => {
    const teamId = await team('defined');
    const self = await people.teamOwner.client.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: people.teamOwner.id,
      role: 'member',
    });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('OWN_ROLE');

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
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('LAST_OWNER');
    const removed = await admin.post('/api/auth/team-permissions/remove-member', {
      teamId,
      userId: people.teamOwner.id,
    });
    expect(removed.body.code).toBe('LAST_OWNER');

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

  it('removes a member, and answers 404 for someone who is not one', async () => {
    const teamId = await team('defined');
    const owner = people.orgOwner.client;
    expect(
      (await owner.post('/api/auth/team-permissions/remove-member', { teamId, userId: people.teamMember.id })).body,
    ).toEqual({ success: true });
    const again = await owner.post('/api/auth/team-permissions/remove-member', {
      teamId,
      userId: people.teamMember.id,
    });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_A_TEAM_MEMBER');
    const promote = await owner.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: people.extra.id,
      role: 'owner',
    });
    expect(promote.status).toBe(404);
    expect(promote.body.code).toBe('NOT_A_TEAM_MEMBER');
    // The removed member no longer sees the private team.
    expect((await people.teamMember.client.get(`/api/auth/team-permissions/get-team?teamId=${teamId}`)).status).toBe(
      404,
    );
  });

  it('adds the same person once, however many requests race', async () => {
    const teamId = await team('defined');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        people.orgOwner.client.post('/api/auth/team-permissions/add-member', {
          teamId,
          userId: people.extra.id,
          role: 'member',
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 200)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.status === 409)).toHaveLength(5);
    const rows = await context.database.db
      .selectFrom('teamMember')
      .select('id')
      .where('teamId', '=', teamId)
      .where('userId', '=', people.extra.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lists the teams each person may see, with their standing', async () => {
    const privateTeam = await team('defined');
    const list = async (actor: Actor) =>
      (await people[actor].client.get(`/api/auth/team-permissions/list-teams?organizationId=${organizationId}`))
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

  it("lists a person's organizations with their role and counts", async () => {
    const mine = await people.orgAdmin.client.get('/api/v1/organizations');
    const acme = mine.body.data.find((organization: { id: string }) => organization.id === organizationId);
    expect(acme).toMatchObject({ name: 'Acme', role: 'admin', memberCount: 6 });
    expect(acme.teamCount).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(acme.createdAt))).toBe(false);
    expect(
      (await people.otherOrgUser.client.get('/api/v1/organizations')).body.data.map(
        (organization: { name: string }) => organization.name,
      ),
    ).toEqual(['Globex']);
  });
});
