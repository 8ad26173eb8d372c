import { describe, expect, it } from 'vitest';
import { organizationRows } from '#test/organization-rows';
import { ENGINES } from '#test/test-context';
import { acmePerSuite } from '../access-control/organization-attacks';
import { setMemberRole } from '#test/organization-page';
import { BUILT_IN_ORGANIZATION_ROLES } from '#common/organization-roles';
import { parseRoles } from '#common/roles';
import { organization, uniqueEmail } from '../support/principals';
import { answer, createRole } from './policies';

describe('ASVS V8 Authorization: custom roles keep valid names and permissions and stay with their holders', () => {
  describe.each(ENGINES)('on %s', (engine) => {
    const acme = acmePerSuite(engine);
    const roles = () =>
      acme.context.database.db
        .selectFrom('organizationRole')
        .select(['id', 'role', 'permission'])
        .where('organizationId', '=', acme.org.id)
        .orderBy('role')
        .execute();
    const post = (path: string, body: Record<string, unknown>) =>
      acme.org.owner.client.post(`/api/auth/organization/${path}`, { organizationId: acme.org.id, ...body });

    it('refuses a bad role name or permission with 400 naming the problem, and writes no role', async () => {
      const before = await roles();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ role: 'Admin Team', permission: { ac: ['read'] } }, 'lower-case'],
        [{ role: 'admin', permission: { ac: ['read'] } }, 'built-in'],
        [{ role: ' spaced', permission: { ac: ['read'] } }, 'spaces'],
        [{ role: 'x', permission: { ac: ['read'] } }, '2 to 32'],
        [{ role: 'a,b', permission: { ac: ['read'] } }, 'lower-case'],
        [{ role: 7, permission: { ac: ['read'] } }, ''],
        [{ role: 'billing', permission: { billing: ['read'] } }, ''],
        [{ role: 'billing', permission: { ac: ['launch'] } }, ''],
        [{ role: 'billing', permission: 'all' }, ''],
      ];
      for (const [body, words] of cases) {
        const response = await post('create-role', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((response.body as { message: string }).message).toContain(words);
      }
      expect(await roles()).toEqual(before);
    });

    it('creates, renames and edits an unused role, and records each in the audit trail', async () => {
      const roleEvents = async () => {
        await acme.context.auth.settle();
        return acme.context.database.db
          .selectFrom('auditEvent')
          .select(['id', 'action', 'outcome'])
          .where('organizationId', '=', acme.org.id)
          .where('action', 'in', ['role.create', 'role.update', 'role.delete'])
          .where('actorId', '=', acme.org.owner.id)
          .execute();
      };
      const earlier = new Set((await roleEvents()).map((event) => event.id));
      const id = await createRole(acme.org.owner.client, acme.org.id, 'auditor', { ac: ['read'] });
      const renamed = await post('update-role', { roleId: id, data: { roleName: 'examiner' } });
      expect(renamed.status, renamed.text).toBe(200);
      const edited = await post('update-role', { roleName: 'examiner', data: { permission: { team: ['create'] } } });
      expect(edited.status, edited.text).toBe(200);
      expect((await roles()).find((row) => row.id === id)).toMatchObject({
        role: 'examiner',
        permission: JSON.stringify({ team: ['create'] }),
      });
      const deleted = await post('delete-role', { roleId: id });
      expect(deleted.status, deleted.text).toBe(200);
      const events = (await roleEvents()).filter((event) => !earlier.has(event.id));
      expect(
        events
          .filter((event) => event.outcome === 'success')
          .map((event) => event.action)
          .sort(),
      ).toEqual(['role.create', 'role.delete', 'role.update', 'role.update']);
    });

    it('refuses a bad new name or permissions in update-role (400), and the role is unchanged', async () => {
      await createRole(acme.org.owner.client, acme.org.id, 'steady', { ac: ['read'] });
      const before = await roles();
      for (const data of [{ roleName: 'member' }, { roleName: 'Bad Name' }, { permission: { nothing: ['read'] } }]) {
        const response = await post('update-role', { roleName: 'steady', data });
        expect(response.status, JSON.stringify(data)).toBe(400);
      }
      expect(await roles()).toEqual(before);
    });

    it('refuses renaming or deleting a role a member holds, even among other roles (409 ROLE_IN_USE)', async () => {
      await createRole(acme.org.owner.client, acme.org.id, 'held', { ac: ['read'] });
      const given = await acme.org.owner.client.post('/api/auth/organization/update-member-role', {
        organizationId: acme.org.id,
        memberId: acme.org.memberIds[acme.org.privateTeamMember.id],
        role: ['member', 'held'],
      });
      expect(given.status, given.text).toBe(200);
      const before = { roles: await roles(), rows: await organizationRows(acme.context, acme.org.id) };
      expect(answer(await post('update-role', { roleName: 'held', data: { roleName: 'renamed' } }))).toEqual({
        status: 409,
        code: 'ROLE_IN_USE',
      });
      expect(answer(await post('delete-role', { roleName: 'held' }))).toEqual({ status: 409, code: 'ROLE_IN_USE' });
      expect({ roles: await roles(), rows: await organizationRows(acme.context, acme.org.id) }).toEqual(before);
      // Recorded as any refusal: the action, a failure, and why.
      await acme.context.auth.settle();
      const refusals = await acme.context.database.db
        .selectFrom('auditEvent')
        .select(['outcome', 'details'])
        .where('organizationId', '=', acme.org.id)
        .where('action', '=', 'role.delete')
        .where('outcome', '=', 'failure')
        .execute();
      // Other refusals of the file's organization may be there too: this one is among them.
      expect(refusals.map((refusal) => JSON.stringify(refusal.details)).join('\n')).toContain('ROLE_IN_USE');
      // Its permissions may still change: the holders keep a role that exists.
      const edited = await post('update-role', { roleName: 'held', data: { permission: { team: ['update'] } } });
      expect(edited.status, edited.text).toBe(200);
    });

    it('refuses renaming or deleting a role a pending invitation holds (409 ROLE_IN_USE); once cancelled, it goes', async () => {
      const id = await createRole(acme.org.owner.client, acme.org.id, 'invited', { ac: ['read'] });
      const invited = await post('invite-member', { email: uniqueEmail('role-invitee'), role: 'invited' });
      expect(invited.status, invited.text).toBe(200);
      const before = await roles();
      expect(answer(await post('delete-role', { roleId: id }))).toEqual({ status: 409, code: 'ROLE_IN_USE' });
      expect(answer(await post('update-role', { roleId: id, data: { roleName: 'other' } }))).toEqual({
        status: 409,
        code: 'ROLE_IN_USE',
      });
      expect(await roles()).toEqual(before);
      const cancelled = await acme.org.owner.client.post('/api/auth/organization/cancel-invitation', {
        invitationId: (invited.body as { id: string }).id,
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect((await post('delete-role', { roleId: id })).status).toBe(200);
    });

    it('refuses a plain member and an outsider every role change, telling them nothing of roles in use', async () => {
      await createRole(acme.org.owner.client, acme.org.id, 'guarded', { ac: ['read'] });
      await acme.org.owner.client.post('/api/auth/organization/update-member-role', {
        organizationId: acme.org.id,
        memberId: acme.org.memberIds[acme.org.admin.id],
        role: ['admin', 'guarded'],
      });
      const before = await roles();
      for (const client of [acme.org.member.client, acme.org.outsider.client]) {
        for (const [path, body] of [
          ['create-role', { role: 'intruder', permission: { ac: ['read'] } }],
          ['update-role', { roleName: 'guarded', data: { roleName: 'hijacked' } }],
          ['delete-role', { roleName: 'guarded' }],
        ] as const) {
          const response = await client.post(`/api/auth/organization/${path}`, {
            organizationId: acme.org.id,
            ...body,
          });
          expect(response.status, `${path}: ${response.text}`).toBe(403);
          expect(answer(response).code).not.toBe('ROLE_IN_USE');
        }
      }
      expect(await roles()).toEqual(before);
    });
    it('leaves no member or invitation holding a role deleted or renamed while it was given, however the requests interleave', async () => {
      const org = await organization(acme.context, 'Race');
      const { db } = acme.context.database;
      const memberId = org.memberIds[org.member.id]!;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      /** Role names that members and pending invitations hold but that name no role of the organization. */
      const dangling = async () => {
        const custom = (
          await db.selectFrom('organizationRole').select('role').where('organizationId', '=', org.id).execute()
        ).map((row) => row.role);
        const known = new Set<string>([...BUILT_IN_ORGANIZATION_ROLES, ...custom]);
        const members = await db.selectFrom('member').select('role').where('organizationId', '=', org.id).execute();
        const invitations = await db
          .selectFrom('invitation')
          .select('role')
          .where('organizationId', '=', org.id)
          .where('status', '=', 'pending')
          .execute();
        return [...members, ...invitations].flatMap((row) => parseRoles(row.role)).filter((role) => !known.has(role));
      };
      const give = (name: string) =>
        org.owner.client.post('/api/auth/organization/update-member-role', {
          organizationId: org.id,
          memberId,
          role: name,
        });
      const invite = (name: string) =>
        org.owner.client.post('/api/auth/organization/invite-member', {
          organizationId: org.id,
          email: uniqueEmail('raced'),
          role: name,
        });
      const remove = (name: string) =>
        org.admin.client.post('/api/auth/organization/delete-role', { organizationId: org.id, roleName: name });
      const rename = (name: string) =>
        org.admin.client.post('/api/auth/organization/update-role', {
          organizationId: org.id,
          roleName: name,
          data: { roleName: `${name}-renamed` },
        });
      const pairs = [
        ['give', give, 'delete', remove],
        ['invite', invite, 'delete', remove],
        ['give', give, 'rename', rename],
      ] as const;
      for (const [firstLabel, first, secondLabel, second] of pairs) {
        for (let round = 0; round < 6; round++) {
          const name = `${firstLabel}-${secondLabel}-${round}`;
          await createRole(org.owner.client, org.id, name, { ac: ['read'] });
          const [a, b] = await Promise.all([first(name), sleep(round).then(() => second(name))]);
          const label = `${name}: ${a.status} ${a.text.slice(0, 80)} / ${b.status} ${b.text.slice(0, 80)}`;
          expect(a.status === 200 && b.status === 200, label).toBe(false);
          expect(
            [a.status, b.status].some((status) => status >= 500),
            label,
          ).toBe(false);
          expect(await dangling(), label).toEqual([]);
          await setMemberRole(acme.context, org.id, org.member.id, 'member');
          await db.updateTable('invitation').set({ status: 'canceled' }).where('organizationId', '=', org.id).execute();
        }
      }
    });
  });
});
