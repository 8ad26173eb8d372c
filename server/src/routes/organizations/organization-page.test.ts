import { describe, expect, it } from 'vitest';
import { organizationSuite } from '#test/fixtures/admin-organizations';
import { plantMembers } from '#test/member-rows';
import { createCustomRole, setMemberRole } from '#test/organization-page';
import { ENGINES } from '#test/test-context';

/** An organization's page as its members read it: the organization with their permissions, and its members. */
describe.each(ENGINES)('organization page reads on %s', (engine) => {
  const suite = organizationSuite(engine);

  it('shows the organization with the caller’s membership, permissions (custom roles included) and policies', async () => {
    const organization = await suite.organization();
    const owner = await suite.owner.client.get(`/api/v1/organizations/${organization.id}`);
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body.data).toEqual({
      id: organization.id,
      name: organization.name,
      slug: expect.stringMatching(/^acme-/),
      logo: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      memberCount: 3,
      teamCount: 2,
      memberId: organization.memberIds.owner,
      role: 'owner',
      permissions: expect.objectContaining({
        organization: ['update', 'delete'],
        member: ['create', 'update', 'delete'],
      }),
      grantableRoles: ['owner', 'admin', 'member'],
      policies: { requireTwoFactor: false, invitationDomains: [] },
    });

    const member = await suite.member.client.get(`/api/v1/organizations/${organization.id}`);
    expect([member.body.data.role, member.body.data.memberId]).toEqual(['member', organization.memberIds.member]);
    expect(member.body.data.permissions).toEqual({ ac: ['read'] });

    // A custom role beside the built-in one adds its permissions, as the server enforces them.
    await createCustomRole(suite.context, organization.id, 'inviter', { invitation: ['create', 'cancel'] });
    await setMemberRole(suite.context, organization.id, suite.member.id, 'member,inviter');
    const custom = await suite.member.client.get(`/api/v1/organizations/${organization.id}`);
    expect(custom.body.data.role).toBe('member,inviter');
    expect(custom.body.data.permissions).toEqual({ ac: ['read'], invitation: ['create', 'cancel'] });
    expect(custom.body.data.grantableRoles).toEqual(['member', 'inviter']);
    // Without ac:read (which the member role holds) the role may still give itself, though it cannot list roles.
    await setMemberRole(suite.context, organization.id, suite.member.id, 'inviter');
    const inviter = await suite.member.client.get(`/api/v1/organizations/${organization.id}`);
    expect(inviter.body.data.grantableRoles).toEqual(['inviter']);
    expect((await suite.owner.client.get(`/api/v1/organizations/${organization.id}`)).body.data.grantableRoles).toEqual(
      ['owner', 'admin', 'member', 'inviter'],
    );

    // Stored policies are read back as lists.
    await suite.context.database.db
      .updateTable('organization')
      .set({ invitationDomains: 'example.com,example.org' })
      .where('id', '=', organization.id)
      .execute();
    const policies = (await suite.owner.client.get(`/api/v1/organizations/${organization.id}`)).body.data.policies;
    expect(policies).toEqual({ requireTwoFactor: false, invitationDomains: ['example.com', 'example.org'] });
  });

  it('searches members by name or email, case aside, with % and _ as plain characters, in keyset pages', async () => {
    const organization = await suite.organization('Search');
    const joined = (second: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, second)).toISOString();
    await plantMembers(suite.context.database, [
      {
        id: `percent-${engine}`,
        email: `full100%off-${engine}@example.com`,
        joined: joined(1),
        organizationId: organization.id,
      },
      { id: `under-${engine}`, email: `a_b-${engine}@example.com`, joined: joined(2), organizationId: organization.id },
      { id: `plain-${engine}`, email: `axb-${engine}@example.com`, joined: joined(3), organizationId: organization.id },
      {
        id: `upper-${engine}`,
        email: `ZORRO-${engine}@Example.com`,
        joined: joined(4),
        organizationId: organization.id,
      },
    ]);
    const search = async (query: string) => {
      const response = await suite.owner.client.get(`/api/v1/organizations/${organization.id}/members?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    const emails = (page: { data: Array<{ email: string }> }) => page.data.map((member) => member.email);

    expect(emails(await search('search=%25'))).toEqual([`full100%off-${engine}@example.com`]);
    expect(emails(await search('search=a_b'))).toEqual([`a_b-${engine}@example.com`]);
    expect(emails(await search('search=zorro'))).toEqual([`ZORRO-${engine}@Example.com`]);
    // By name: the fixture's people are named by their label.
    expect(emails(await search('search=ORG-ADMIN'))).toEqual([suite.orgAdmin.email]);
    const none = await search('search=nobody-at-all');
    expect([none.data, none.total, none.nextCursor]).toEqual([[], 0, null]);

    // Seven members in pages of three, oldest first, each page after the one before; total counts them all.
    const first = await search('limit=3');
    expect([first.data.length, first.total]).toEqual([3, 7]);
    expect(first.data.map((member) => member.id)).toEqual([
      organization.memberIds.owner,
      organization.memberIds.orgAdmin,
      organization.memberIds.member,
    ]);
    const second = await search(`limit=3&cursor=${first.nextCursor}`);
    const third = await search(`limit=3&cursor=${second.nextCursor}`);
    expect([...emails(second), ...emails(third)]).toEqual([
      `full100%off-${engine}@example.com`,
      `a_b-${engine}@example.com`,
      `axb-${engine}@example.com`,
      `ZORRO-${engine}@Example.com`,
    ]);
    expect(third.nextCursor).toBeNull();
    // A search pages too, its total the members that match.
    const searched = await search(`search=-${engine}@&limit=2`);
    expect([searched.data.length, searched.total]).toEqual([2, 4]);
    const rest = await search(`search=-${engine}@&limit=2&cursor=${searched.nextCursor}`);
    expect(emails(rest)).toEqual([`axb-${engine}@example.com`, `ZORRO-${engine}@Example.com`]);
  });

  it('shows who uses two-factor, and filters on it, only to those who may change members', async () => {
    const organization = await suite.organization('Factors');
    await suite.context.database.db
      .updateTable('user')
      .set({ twoFactorEnabled: engine === 'postgres' ? true : 1 })
      .where('id', '=', suite.orgAdmin.id)
      .execute();
    try {
      const owner = await suite.owner.client.get(`/api/v1/organizations/${organization.id}/members`);
      expect(owner.body.data.map((member) => [member.userId, member.twoFactorEnabled])).toEqual([
        [suite.owner.id, false],
        [suite.orgAdmin.id, true],
        [suite.member.id, false],
      ]);
      const off = await suite.owner.client.get(`/api/v1/organizations/${organization.id}/members?twoFactor=off`);
      expect([off.body.data.map((member) => member.userId), off.body.total]).toEqual([
        [suite.owner.id, suite.member.id],
        2,
      ]);

      const member = await suite.member.client.get(`/api/v1/organizations/${organization.id}/members`);
      expect(member.status).toBe(200);
      expect(member.body.data.map((row) => row.twoFactorEnabled)).toEqual([null, null, null]);
      const refused = await suite.member.client.get(`/api/v1/organizations/${organization.id}/members?twoFactor=off`);
      expect([refused.status, refused.body.code]).toEqual([403, 'ORGANIZATION_PERMISSION_DENIED']);
    } finally {
      await suite.context.database.db
        .updateTable('user')
        .set({ twoFactorEnabled: engine === 'postgres' ? false : 0 })
        .where('id', '=', suite.orgAdmin.id)
        .execute();
    }
  });

  it('refuses any cursor it did not give with 400 CURSOR_NOT_VALID, and bad query values saying why', async () => {
    const organization = await suite.organization('Cursor');
    const list = (query: string) => suite.owner.client.get(`/api/v1/organizations/${organization.id}/members?${query}`);
    const otherList = Buffer.from(JSON.stringify(['users', 'a', 'b'])).toString('base64url');
    const badTime = Buffer.from(JSON.stringify(['organization-members', 'yesterday', 'x'])).toString('base64url');
    for (const cursor of ['garbage', otherList, badTime, 'x'.repeat(1001)]) {
      const refused = await list(`cursor=${cursor}`);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'CURSOR_NOT_VALID',
        'cursor is not valid',
      ]);
    }
    for (const [query, message] of [
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['twoFactor=on', 'twoFactor may only be off'],
      [`search=${'s'.repeat(101)}`, 'search is at most 100 characters'],
    ]) {
      const refused = await list(query!);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
  });
});
