import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { useTeamFixture, type Person } from '#test/fixtures/teams';

/**
 * The team rules ask the organization's access control, custom roles included: a custom role given
 * `team:update` runs the organization's teams as its admins do, and one without it does not.
 */
describe.each(ENGINES)('team rules and custom organization roles on %s', (engine) => {
  const t = useTeamFixture(engine);

  /** Makes a custom role of Acme (as its owner would) and gives it to `person` in place of their role. */
  const giveCustomRole = async (person: Person, permission: Record<string, string[]>) => {
    const role = `role-${crypto.randomBytes(3).toString('hex')}`;
    const created = await t.people.orgOwner.client.post('/api/auth/organization/create-role', {
      organizationId: t.organizationId,
      role,
      permission,
    });
    expect(created.status, created.text).toBe(200);
    await t.context.database.db
      .updateTable('member')
      .set({ role })
      .where('organizationId', '=', t.organizationId)
      .where('userId', '=', person.id)
      .execute();
    return role;
  };

  const visibleTeamIds = async (person: Person) => {
    const listed = await person.client.get(`/api/auth/team-permissions/list-teams?organizationId=${t.organizationId}`);
    expect(listed.status, listed.text).toBe(200);
    return (listed.body as { id: string }[]).map((team) => team.id);
  };

  it('lets a custom role with team:update see private teams, add members and change their roles', async () => {
    const teamId = await t.team('defined');
    await giveCustomRole(t.people.extra, { team: ['create', 'update'] });
    expect(await visibleTeamIds(t.people.extra)).toContain(teamId);
    const checked = await t.people.extra.client.post('/api/auth/team-permissions/check-permission', {
      teamId,
      permission: 'team:addMember',
    });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ allowed: true });
    const promoted = await t.people.extra.client.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: t.people.teamMember.id,
      role: 'owner',
    });
    expect(promoted.status, promoted.text).toBe(200);
  });

  it('keeps a custom role without team:update out of private teams it is not in, and changes nothing', async () => {
    const teamId = await t.team('defined');
    await giveCustomRole(t.people.orgMember, { invitation: ['create'] });
    expect(await visibleTeamIds(t.people.orgMember)).not.toContain(teamId);
    const refused = await t.people.orgMember.client.post('/api/auth/team-permissions/set-role', {
      teamId,
      userId: t.people.teamMember.id,
      role: 'owner',
    });
    expect(refused.status).toBe(404);
    const row = await t.context.database.db
      .selectFrom('teamMember')
      .select('role')
      .where('teamId', '=', teamId)
      .where('userId', '=', t.people.teamMember.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('member');
  });

  it("grants nothing through a custom role's name held in another organization", async () => {
    const teamId = await t.team('defined');
    // Globex has a role of this name with team:update; Acme's member holds the name but Acme has no such role.
    const role = `role-${crypto.randomBytes(3).toString('hex')}`;
    const globex = await t.context.database.db
      .selectFrom('member')
      .select('organizationId')
      .where('userId', '=', t.people.outsider.id)
      .executeTakeFirstOrThrow();
    const created = await t.people.outsider.client.post('/api/auth/organization/create-role', {
      organizationId: globex.organizationId,
      role,
      permission: { team: ['update'] },
    });
    expect(created.status, created.text).toBe(200);
    await t.context.database.db
      .updateTable('member')
      .set({ role })
      .where('organizationId', '=', t.organizationId)
      .where('userId', '=', t.people.teamOwner.id)
      .execute();
    const other = await t.team('defined');
    await t.context.database.db
      .deleteFrom('teamMember')
      .where('teamId', '=', other)
      .where('userId', '=', t.people.teamOwner.id)
      .execute();
    expect(await visibleTeamIds(t.people.teamOwner)).not.toContain(other);
    expect(await visibleTeamIds(t.people.teamOwner)).toContain(teamId);
  });
});
