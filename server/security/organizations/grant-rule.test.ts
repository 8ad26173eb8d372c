import { describe, expect, it } from 'vitest';
import { verifyEmail } from '#test/accounts';
import { addMember, memberIdOf } from '#test/fixtures/account-deletion';
import { organizationRows } from '#test/organization-rows';
import { createCustomRole, setMemberRole } from '#test/organization-page';
import { ENGINES } from '#test/test-context';
import { acmePerSuite } from '../access-control/organization-attacks';
import { organization, signUp, uniqueEmail } from '../support/principals';
import { answer, createRole } from './policies';

/** A custom role that may change members and edit roles, but holds nothing else beyond reading them. */
const EDITOR = { member: ['update'], ac: ['create', 'read', 'update'] };

describe('ASVS V8 Authorization: nobody grants a permission they do not hold', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    const acme = acmePerSuite(engine);
    const idOf = (userId: string) => acme.org.memberIds[userId]!;
    const setRole = (client: typeof acme.org.owner.client, userId: string, role: string | string[]) =>
      client.post('/api/auth/organization/update-member-role', {
        organizationId: acme.org.id,
        memberId: idOf(userId),
        role,
      });

    /** A new member holding the editor role, with their own session. */
    const editor = async () => {
      const person = await signUp(acme.context, 'Editor');
      await addMember(acme.context, acme.org.id, person.id, 'editor');
      acme.org.memberIds[person.id] = await memberIdOf(acme.context, acme.org.id, person.id);
      return person;
    };

    it('creates the editor role (the owner holds every permission)', async () => {
      await createRole(acme.org.owner.client, acme.org.id, 'editor', EDITOR);
    });

    it('refuses a plain member changing anyone’s role, their own included, and nothing changes', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      expect((await setRole(acme.org.member.client, acme.org.member.id, 'admin')).status).toBe(403);
      expect((await setRole(acme.org.member.client, acme.org.privateTeamMember.id, 'admin')).status).toBe(403);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an admin making someone owner, themselves included, or demoting an owner (403)', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      expect((await setRole(acme.org.admin.client, acme.org.member.id, 'owner')).status).toBe(403);
      expect((await setRole(acme.org.admin.client, acme.org.member.id, ['member', 'owner'])).status).toBe(403);
      expect((await setRole(acme.org.admin.client, acme.org.admin.id, 'owner')).status).toBe(403);
      expect(answer(await setRole(acme.org.admin.client, acme.org.owner.id, 'member'))).toEqual({
        status: 403,
        code: 'ROLE_BEYOND_YOURS',
      });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an admin changing their own role: only an owner does (OWN_ORGANIZATION_ROLE)', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      expect(answer(await setRole(acme.org.admin.client, acme.org.admin.id, 'member'))).toEqual({
        status: 403,
        code: 'OWN_ORGANIZATION_ROLE',
      });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses a role that does not exist in this organization (400), and nothing changes', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const response = await setRole(acme.org.owner.client, acme.org.member.id, 'ghost');
      expect(response.status).toBe(400);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an editor giving anyone admin, promoting themselves, or demoting an admin (403)', async () => {
      const holder = await editor();
      const before = await organizationRows(acme.context, acme.org.id);
      expect(answer(await setRole(holder.client, acme.org.member.id, 'admin'))).toEqual({
        status: 403,
        code: 'ROLE_BEYOND_YOURS',
      });
      expect(answer(await setRole(holder.client, holder.id, 'admin'))).toEqual({
        status: 403,
        code: 'OWN_ORGANIZATION_ROLE',
      });
      expect(answer(await setRole(holder.client, acme.org.admin.id, 'member'))).toEqual({
        status: 403,
        code: 'ROLE_BEYOND_YOURS',
      });
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an editor that may edit roles giving itself or any role more, through create-role and update-role', async () => {
      const holder = await editor();
      const before = await organizationRows(acme.context, acme.org.id);
      const rolesBefore = await acme.context.database.db
        .selectFrom('organizationRole')
        .select(['role', 'permission'])
        .where('organizationId', '=', acme.org.id)
        .orderBy('role')
        .execute();
      const attempts = [
        holder.client.post('/api/auth/organization/update-role', {
          organizationId: acme.org.id,
          roleName: 'editor',
          data: { permission: { ...EDITOR, organization: ['delete'] } },
        }),
        holder.client.post('/api/auth/organization/update-role', {
          organizationId: acme.org.id,
          roleName: 'editor',
          data: { permission: { ...EDITOR, member: ['update', 'delete'] } },
        }),
        holder.client.post('/api/auth/organization/create-role', {
          organizationId: acme.org.id,
          role: 'stronger',
          permission: { ...EDITOR, invitation: ['create'] },
        }),
      ];
      for (const attempt of attempts) expect(answer(await attempt)).toEqual({ status: 403, code: 'ROLE_BEYOND_YOURS' });
      const after = await acme.context.database.db
        .selectFrom('organizationRole')
        .select(['role', 'permission'])
        .where('organizationId', '=', acme.org.id)
        .orderBy('role')
        .execute();
      expect(after).toEqual(rolesBefore);
      expect(await organizationRows(acme.context, acme.org.id)).toEqual(before);
    });

    it('refuses an editor editing a role stronger than theirs, even to weaken it (ROLE_BEYOND_YOURS)', async () => {
      const holder = await editor();
      await createRole(acme.org.owner.client, acme.org.id, 'inviter', { invitation: ['create', 'cancel'] });
      const response = await holder.client.post('/api/auth/organization/update-role', {
        organizationId: acme.org.id,
        roleName: 'inviter',
        data: { permission: { ac: ['read'] } },
      });
      expect(answer(response)).toEqual({ status: 403, code: 'ROLE_BEYOND_YOURS' });
      const row = await acme.context.database.db
        .selectFrom('organizationRole')
        .select('permission')
        .where('organizationId', '=', acme.org.id)
        .where('role', '=', 'inviter')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.permission)).toEqual({ invitation: ['create', 'cancel'] });
    });

    it('lets an editor give a role within theirs, and make a role within theirs', async () => {
      const holder = await editor();
      await createRole(holder.client, acme.org.id, 'reader', { ac: ['read'] });
      const given = await setRole(holder.client, acme.org.privateTeamMember.id, ['member', 'reader']);
      expect(given.status, given.text).toBe(200);
      const row = await acme.context.database.db
        .selectFrom('member')
        .select('role')
        .where('id', '=', idOf(acme.org.privateTeamMember.id))
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('member,reader');
    });

    it('refuses an admin inviting an owner, and an editor-like inviter inviting beyond its permissions', async () => {
      const before = await organizationRows(acme.context, acme.org.id);
      const byAdmin = await acme.org.admin.client.post('/api/auth/organization/invite-member', {
        organizationId: acme.org.id,
        email: uniqueEmail('would-be-owner'),
        role: 'owner',
      });
      expect(answer(byAdmin)).toEqual({ status: 403, code: 'ROLE_BEYOND_YOURS' });
      await createRole(acme.org.owner.client, acme.org.id, 'recruiter', { invitation: ['create'] });
      const recruiter = await signUp(acme.context, 'Recruiter');
      await addMember(acme.context, acme.org.id, recruiter.id, 'recruiter');
      await verifyEmail(acme.context, recruiter.client, recruiter.email);
      const between = await organizationRows(acme.context, acme.org.id);
      const byRecruiter = await recruiter.client.post('/api/auth/organization/invite-member', {
        organizationId: acme.org.id,
        email: uniqueEmail('would-be-admin'),
        role: 'admin',
      });
      expect(answer(byRecruiter)).toEqual({ status: 403, code: 'ROLE_BEYOND_YOURS' });
      expect((await organizationRows(acme.context, acme.org.id)).invitations).toEqual(between.invitations);
      expect(before.invitations).toEqual(between.invitations);
    });
    /** A fresh organization whose plain member holds a custom role with these permissions (email verified). */
    const holding = async (label: string, permission: Record<string, string[]>) => {
      const org = await organization(acme.context, label);
      const role = label.toLowerCase();
      await createCustomRole(acme.context, org.id, role, permission);
      await setMemberRole(acme.context, org.id, org.member.id, role);
      await verifyEmail(acme.context, org.member.client, org.member.email);
      return { org, role };
    };
    const BEYOND = { status: 403, code: 'ROLE_BEYOND_YOURS' };

    it('refuses a custom role that may remove members removing someone stronger, by id or by email, and nothing changes', async () => {
      const { org } = await holding('Janitor', { member: ['delete'], ac: ['read'] });
      const remove = (memberIdOrEmail: string, organizationId: string = org.id) =>
        org.member.client.post('/api/auth/organization/remove-member', { organizationId, memberIdOrEmail });
      const before = await organizationRows(acme.context, org.id);
      expect(answer(await remove(org.admin.email))).toEqual(BEYOND);
      expect(answer(await remove(org.admin.email.toUpperCase()))).toEqual(BEYOND);
      expect(answer(await remove(org.memberIds[org.admin.id]!))).toEqual(BEYOND);
      expect(answer(await remove(org.memberIds[org.owner.id]!))).toEqual(BEYOND);
      // Through the active organization too (the body names it as "").
      expect(
        (await org.member.client.post('/api/auth/organization/set-active', { organizationId: org.id })).status,
      ).toBe(200);
      expect(answer(await remove(org.admin.email, ''))).toEqual(BEYOND);
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
      // Someone within its permissions it removes.
      const removed = await remove(org.privateTeamMember.email);
      expect(removed.status, removed.text).toBe(200);
    });

    it('refuses a custom role that may cancel invitations cancelling one beyond its permissions, and nothing changes', async () => {
      const { org } = await holding('Canceller', { invitation: ['cancel'], ac: ['read'] });
      const invite = async (role: string) => {
        const invited = await org.owner.client.post('/api/auth/organization/invite-member', {
          organizationId: org.id,
          email: uniqueEmail(role),
          role,
        });
        expect(invited.status, invited.text).toBe(200);
        return invited.body.id as string;
      };
      const [toAdmin, toMember] = [await invite('admin'), await invite('member')];
      const cancel = (invitationId: string) =>
        org.member.client.post('/api/auth/organization/cancel-invitation', { invitationId });
      const before = await organizationRows(acme.context, org.id);
      expect(answer(await cancel(toAdmin))).toEqual(BEYOND);
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
      const cancelled = await cancel(toMember);
      expect(cancelled.status, cancelled.text).toBe(200);
    });

    it('refuses a custom role that may invite resending an invitation whose role is beyond it, and nothing changes', async () => {
      const { org, role } = await holding('Resender', { invitation: ['create'], ac: ['read'] });
      const email = uniqueEmail('future-admin');
      const invited = await org.owner.client.post('/api/auth/organization/invite-member', {
        organizationId: org.id,
        email,
        role: 'admin',
      });
      expect(invited.status, invited.text).toBe(200);
      const expiry = () =>
        acme.context.database.db
          .selectFrom('invitation')
          .select('expiresAt')
          .where('id', '=', invited.body.id)
          .executeTakeFirstOrThrow();
      const [before, expiresAt] = [await organizationRows(acme.context, org.id), await expiry()];
      // Better Auth re-issues the stored invitation on a resend, whatever role the body names.
      const resent = await org.member.client.post('/api/auth/organization/invite-member', {
        organizationId: org.id,
        email,
        role,
        resend: true,
      });
      expect(answer(resent)).toEqual(BEYOND);
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
      expect(await expiry()).toEqual(expiresAt);
    });

    it('refuses an invitation into a team the inviter may not add members to: 404 for a private team it cannot see, 403 otherwise', async () => {
      const { org, role } = await holding('Recruiter', { invitation: ['create'], ac: ['read'] });
      const invite = (teamId: unknown) =>
        org.member.client.post('/api/auth/organization/invite-member', {
          organizationId: org.id,
          email: uniqueEmail('team-invitee'),
          role,
          teamId,
        });
      const before = await organizationRows(acme.context, org.id);
      expect(answer(await invite(org.privateTeam.id))).toEqual({ status: 404, code: 'TEAM_NOT_FOUND' });
      expect(answer(await invite([org.publicTeam.id, org.privateTeam.id]))).toEqual({
        status: 404,
        code: 'TEAM_NOT_FOUND',
      });
      expect(answer(await invite(org.publicTeam.id))).toEqual({ status: 403, code: 'NOT_ALLOWED' });
      expect(await organizationRows(acme.context, org.id)).toEqual(before);
      // Without a team it invites as before; the owner invites into the private team.
      expect((await invite(undefined)).status).toBe(200);
      const byOwner = await org.owner.client.post('/api/auth/organization/invite-member', {
        organizationId: org.id,
        email: uniqueEmail('team-invitee'),
        role: 'member',
        teamId: org.privateTeam.id,
      });
      expect(byOwner.status, byOwner.text).toBe(200);
    });
  });
});
