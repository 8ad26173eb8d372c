import { describe, expect, it } from 'vitest';
import { ADMIN_ORGANIZATION_ERRORS } from '#common/admin';
import { ENGINES } from '#test/test-context';
import { organizationSuite } from '#test/fixtures/admin-organizations';

/** A platform admin runs an organization they do not belong to: its detail, roles, members, invitations, deletion. */
describe.each(ENGINES)('admin organization detail on %s', (engine) => {
  const suite = organizationSuite(engine);
  const member = (organizationId: string, memberId: string) => `/${organizationId}/members/${memberId}` as const;
  const roleOf = async (memberId: string) =>
    (await suite.context.database.db.selectFrom('member').select('role').where('id', '=', memberId).executeTakeFirst())
      ?.role;
  it('shows the organization, its members, its pending unexpired invitations and its teams', async () => {
    const organization = await suite.organization();
    const { db } = suite.context.database;
    // An expired invitation and a cancelled one are not pending any more.
    const old = await suite.owner.client.post('/api/auth/organization/invite-member', {
      email: 'late@example.com',
      role: 'member',
      organizationId: organization.id,
    });
    await db
      .updateTable('invitation')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old.body.id)
      .execute();
    const cancelled = await suite.owner.client.post('/api/auth/organization/invite-member', {
      email: 'gone@example.com',
      role: 'member',
      organizationId: organization.id,
    });
    await db.updateTable('invitation').set({ status: 'canceled' }).where('id', '=', cancelled.body.id).execute();

    const response = await suite.call('GET', `/${organization.id}`);
    expect(response.status, response.text).toBe(200);
    const { data } = response.body;
    expect(data.organization).toEqual({
      id: organization.id,
      name: organization.name,
      slug: expect.stringMatching(/^acme-/),
      logo: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const { owner, orgAdmin, member: plain } = suite;
    expect(data.members).toEqual(
      [
        [organization.memberIds.owner, owner, 'owner'],
        [organization.memberIds.orgAdmin, orgAdmin, 'admin'],
        [organization.memberIds.member, plain, 'member'],
      ].map(([id, person, role]) => ({
        id,
        userId: (person as typeof owner).id,
        email: (person as typeof owner).email,
        name: expect.any(String),
        image: null,
        role,
        createdAt: expect.any(String),
      })),
    );
    expect(data.invitations).toEqual([
      {
        id: organization.invitationId,
        email: expect.stringMatching(/^invitee-/),
        role: 'admin',
        inviterEmail: owner.email,
        expiresAt: expect.any(String),
      },
    ]);
    expect(Date.parse(data.invitations[0]!.expiresAt)).toBeGreaterThan(Date.now());
    expect(data.teams).toEqual([
      { id: organization.teamIds.default, name: organization.name, memberCount: 1, permissionMode: 'inherited' },
      {
        id: organization.teamIds.private,
        name: expect.stringMatching(/^Private /),
        memberCount: 2,
        permissionMode: 'defined',
      },
    ]);

    const unknown = await suite.call('GET', '/no-such-organization');
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      404,
      'ORGANIZATION_NOT_FOUND',
      'Organization not found',
    ]);
    expect((await suite.call('GET', `/${'x'.repeat(201)}`)).body.message).toBe('id is at most 200 characters');
  });

  it('changes a role to exactly the one asked for, and records who did it to whom', async () => {
    const organization = await suite.organization();
    const changed = await suite.call('PATCH', member(organization.id, organization.memberIds.member), {
      role: 'admin',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({
      data: { id: organization.memberIds.member, userId: suite.member.id, role: 'admin' },
    });
    expect(await roleOf(organization.memberIds.member)).toBe('admin');
    await suite.expectAdminEvent('admin.organization_member_role', organization.id, {
      outcome: 'success',
      targetUserId: suite.member.id,
      details: { memberId: organization.memberIds.member, role: 'admin', previousRole: 'member' },
    });
    // Several roles held at once (Better Auth's "admin,owner") become the one asked for.
    await suite.context.database.db
      .updateTable('member')
      .set({ role: 'admin,owner' })
      .where('id', '=', organization.memberIds.orgAdmin)
      .execute();
    await suite.call('PATCH', member(organization.id, organization.memberIds.orgAdmin), { role: 'owner' });
    expect(await roleOf(organization.memberIds.orgAdmin)).toBe('owner');
  });

  it('never leaves an organization without an owner: demoting or removing the last one is refused', async () => {
    const organization = await suite.organization();
    const ownerPath = member(organization.id, organization.memberIds.owner);
    const before = await suite.stateOf(organization.id);
    for (const [method, body] of [
      ['PATCH', { role: 'admin' }],
      ['PATCH', { role: 'member' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await suite.call(method, ownerPath, body);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        409,
        'ORGANIZATION_LAST_OWNER',
        ADMIN_ORGANIZATION_ERRORS.LAST_OWNER,
      ]);
    }
    expect(await suite.stateOf(organization.id)).toEqual(before);
    await suite.expectAdminEvent('admin.organization_member_remove', organization.id, {
      outcome: 'failure',
      targetUserId: suite.owner.id,
      details: { memberId: organization.memberIds.owner, previousRole: 'owner', code: 'ORGANIZATION_LAST_OWNER' },
    });
    // Keeping the role is no demotion; once another member owns it too, the first one may go.
    expect((await suite.call('PATCH', ownerPath, { role: 'owner' })).status).toBe(200);
    await suite.call('PATCH', member(organization.id, organization.memberIds.orgAdmin), { role: 'owner' });
    expect((await suite.call('PATCH', ownerPath, { role: 'member' })).status).toBe(200);
    expect(await roleOf(organization.memberIds.owner)).toBe('member');
  });

  it('lets one of two owners go when two admins demote both at once', async () => {
    const organization = await suite.organization();
    await suite.call('PATCH', member(organization.id, organization.memberIds.orgAdmin), { role: 'owner' });
    const answers = await Promise.all(
      [organization.memberIds.owner, organization.memberIds.orgAdmin].map((id) =>
        suite.call('PATCH', member(organization.id, id), { role: 'member' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const roles = [await roleOf(organization.memberIds.owner), await roleOf(organization.memberIds.orgAdmin)];
    expect(roles.sort()).toEqual(['member', 'owner']);
  });

  it("removes a member with their places in this organization's teams only", async () => {
    const organization = await suite.organization();
    const elsewhere = await suite.organization('Globex');
    const { db } = suite.context.database;
    const placesOf = (teamIds: string[]) =>
      db
        .selectFrom('teamMember')
        .select('teamId')
        .where('userId', '=', suite.member.id)
        .where('teamId', 'in', teamIds)
        .execute();
    expect(await placesOf([organization.teamIds.private])).toHaveLength(1);

    const removed = await suite.call('DELETE', member(organization.id, organization.memberIds.member));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ data: { id: organization.memberIds.member, userId: suite.member.id } });
    expect(await roleOf(organization.memberIds.member)).toBeUndefined();
    expect(await placesOf([organization.teamIds.private])).toEqual([]);
    // The team's count of places follows, as Better Auth keeps it.
    const team = await db
      .selectFrom('team')
      .select('memberCount')
      .where('id', '=', organization.teamIds.private)
      .executeTakeFirstOrThrow();
    expect(Number(team.memberCount)).toBe(1);
    // Their other organization and the account itself are untouched.
    expect(await placesOf([elsewhere.teamIds.private])).toHaveLength(1);
    expect(await roleOf(elsewhere.memberIds.member)).toBe('member');
    expect(await db.selectFrom('user').select('id').where('id', '=', suite.member.id).executeTakeFirst()).toBeDefined();
    await suite.expectAdminEvent('admin.organization_member_remove', organization.id, {
      outcome: 'success',
      targetUserId: suite.member.id,
      details: { memberId: organization.memberIds.member, previousRole: 'member' },
    });
    const again = await suite.call('DELETE', member(organization.id, organization.memberIds.member));
    expect([again.status, again.body.message]).toEqual([404, 'Member not found in this organization']);
  });

  it('answers 404 for a member or an invitation of another organization, and changes neither', async () => {
    const organization = await suite.organization();
    const other = await suite.organization('Initech');
    const before = [await suite.stateOf(organization.id), await suite.stateOf(other.id)];
    const attempts = [
      suite.call('PATCH', member(organization.id, other.memberIds.member), { role: 'owner' }),
      suite.call('DELETE', member(organization.id, other.memberIds.member)),
      suite.call('DELETE', `/${organization.id}/invitations/${other.invitationId}`),
      suite.call('PATCH', member('no-such-organization', other.memberIds.member), { role: 'owner' }),
      suite.call('DELETE', member(organization.id, 'no-such-member')),
      suite.call('DELETE', '/no-such-organization', { confirmName: other.name }),
    ];
    for (const answer of await Promise.all(attempts))
      expect([answer.status, answer.body.code]).toEqual([
        404,
        expect.stringMatching(/^(ORGANIZATION|MEMBER|INVITATION)_NOT_FOUND$/),
      ]);
    expect([await suite.stateOf(organization.id), await suite.stateOf(other.id)]).toEqual(before);
  });
});
