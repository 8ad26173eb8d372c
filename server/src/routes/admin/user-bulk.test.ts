import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BULK_USERS_MAX } from '#common/admin-bulk';
import { NONE, rowsOf } from '#test/fixtures/account-deletion';
import { admin, signIn } from '../../../security/support/principals';
import { ENGINES } from '#test/test-context';
import { BULK, bulkSuite } from '#test/fixtures/user-bulk';

/**
 * Bulk actions on users through Better Auth's own admin endpoints: each user gets the action or a
 * reason why not, one failure never stops the others, and every effect is checked in the database.
 */
describe.each(ENGINES)('admin bulk actions on %s', (engine) => {
  const { suite, db, userRow, sessionsOf, people, auditOf } = bulkSuite(engine);

  it('bans each user with the reason and duration, ending their sessions, then unbans them, all in the audit trail', async () => {
    const root = await admin(suite.context, 'Bulk Admin');
    const targets = await people(3, 'Ban Target');
    const ids = targets.map((person) => person.id);
    const before = Date.now();
    const banned = await root.client.post(BULK, {
      action: 'ban',
      userIds: ids,
      banReason: '  spam wave  ',
      banExpiresIn: 3600,
    });
    expect(banned.status, banned.text).toBe(200);
    expect(banned.body).toEqual({ data: { results: ids.map((userId) => ({ userId, ok: true })) } });
    for (const person of targets) {
      const row = await userRow(person.id);
      expect(row).toMatchObject({ banned: engine === 'postgres' ? true : 1, banReason: 'spam wave' });
      const expires = Date.parse(
        String(row!.banExpires instanceof Date ? row!.banExpires.toISOString() : row!.banExpires),
      );
      expect(expires).toBeGreaterThanOrEqual(before + 3_599_000);
      expect(expires).toBeLessThan(Date.now() + 3_601_000);
      expect(await sessionsOf(person.id)).toBe(0);
      expect((await person.client.get('/api/auth/get-session')).body).toBeNull();
    }
    expect((await auditOf('admin.ban', ids)).map((event) => event.actorId)).toEqual([root.id, root.id, root.id]);

    const unbanned = await root.client.post(BULK, { action: 'unban', userIds: ids });
    expect(unbanned.body.data.results.every((result: { ok: boolean }) => result.ok)).toBe(true);
    for (const person of targets) {
      expect(await userRow(person.id)).toMatchObject({ banned: engine === 'postgres' ? false : 0, banReason: null });
      await signIn(suite.context, person.email);
    }
    expect(await auditOf('admin.unban', ids)).toHaveLength(3);
  });

  it('deletes some, refuses the rest one by one: an unknown id, the caller, a last owner; in the order asked', async () => {
    const root = await admin(suite.context, 'Delete Admin');
    const [first, owner, member, last] = await people(4, 'Delete Target');
    // The owner is the only owner of an organization with another member: not to be deleted.
    const slug = `kept-${crypto.randomBytes(3).toString('hex')}`;
    const organization = await owner!.client.post('/api/auth/organization/create', { name: 'Kept Org', slug });
    expect(organization.status, organization.text).toBe(200);
    await suite.context.auth.api.addMember({
      body: { userId: member!.id, organizationId: organization.body.id, role: 'member' },
    });
    // The first has an organization of their own and an API key: both go with them.
    const own = await first!.client.post('/api/auth/organization/create', { name: 'Own Org', slug: `${slug}-own` });
    expect(own.status, own.text).toBe(200);
    expect((await first!.client.post('/api/auth/api-key/create', { name: 'ci' })).status).toBe(200);
    const order = [first!.id, 'no-such-user', root.id, owner!.id, last!.id];
    const response = await root.client.post(BULK, { action: 'delete', userIds: order });
    expect(response.status, response.text).toBe(200);
    const results = response.body.data.results;
    expect(results.map((result: { userId: string }) => result.userId)).toEqual(order);
    expect(results[0]).toEqual({ userId: first!.id, ok: true });
    expect(results[1]).toEqual({
      userId: 'no-such-user',
      ok: false,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    expect(results[2]).toEqual({
      userId: root.id,
      ok: false,
      code: 'OWN_ACCOUNT',
      message: 'A bulk action never applies to your own account',
    });
    expect(results[3]).toMatchObject({ userId: owner!.id, ok: false, code: 'LAST_OWNER' });
    expect(results[3]!.message).toContain('"Kept Org"');
    expect(results[4]).toEqual({ userId: last!.id, ok: true });

    for (const gone of [first!, last!]) {
      expect(await userRow(gone.id)).toBeUndefined();
      expect(await sessionsOf(gone.id)).toBe(0);
      expect(await db().selectFrom('account').select('id').where('userId', '=', gone.id).execute()).toEqual([]);
      expect(await rowsOf(suite.context, gone.id)).toEqual(NONE);
    }
    expect(await db().selectFrom('organization').select('id').where('id', '=', own.body.id).execute()).toEqual([]);
    // Nothing of the refused ones went: the owner, their session, their organization and its members.
    expect(await userRow(owner!.id)).toBeDefined();
    expect(await sessionsOf(owner!.id)).toBe(1);
    expect(await userRow(root.id)).toBeDefined();
    const members = await db()
      .selectFrom('member')
      .select('userId')
      .where('organizationId', '=', organization.body.id)
      .execute();
    expect(members.map((row) => row.userId).sort()).toEqual([owner!.id, member!.id].sort());
    // Each deletion is Better Auth's own, recorded with the admin as the one who acted.
    const deletions = await auditOf('admin.user_delete', [first!.id, last!.id]);
    expect(deletions).toHaveLength(2);
    expect(deletions).toEqual(
      expect.arrayContaining(
        [first!, last!].map((gone) => ({ actorId: root.id, targetUserId: gone.id, outcome: 'success' })),
      ),
    );
  });

  it('ends every session of each user, and says which ids are nobody', async () => {
    const root = await admin(suite.context, 'Revoke Admin');
    const [target, bystander] = await people(2, 'Revoke Target');
    await signIn(suite.context, target!.email);
    expect(await sessionsOf(target!.id)).toBe(2);
    const response = await root.client.post(BULK, {
      action: 'revoke-sessions',
      userIds: [target!.id, 'nobody-at-all'],
    });
    expect(response.body).toEqual({
      data: {
        results: [
          { userId: target!.id, ok: true },
          { userId: 'nobody-at-all', ok: false, code: 'USER_NOT_FOUND', message: 'User not found' },
        ],
      },
    });
    expect(await sessionsOf(target!.id)).toBe(0);
    expect(await userRow(target!.id)).toMatchObject({ banned: engine === 'postgres' ? false : 0 });
    expect(await sessionsOf(bystander!.id)).toBe(1);
    // The caller's own sessions are never ended by it.
    const own = await root.client.post(BULK, { action: 'revoke-sessions', userIds: [root.id] });
    expect(own.body.data.results[0]).toMatchObject({ ok: false, code: 'OWN_ACCOUNT' });
    expect((await root.client.get('/api/auth/get-session')).body?.user.id).toBe(root.id);
  });

  it('acts on a hundred users in one call', async () => {
    const root = await admin(suite.context, 'Hundred Admin');
    const now = new Date().toISOString();
    const ids = Array.from({ length: BULK_USERS_MAX }, (_, n) => `hundred-${n}`);
    await db()
      .insertInto('user')
      .values(
        ids.map((id) => ({
          id,
          name: id,
          email: `${id}@bulk.example`,
          emailVerified: engine === 'postgres' ? false : 0,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const response = await root.client.post(BULK, { action: 'ban', userIds: ids });
    expect(response.body.data.results.filter((result: { ok: boolean }) => result.ok)).toHaveLength(BULK_USERS_MAX);
    const banned = await db()
      .selectFrom('user')
      .select('id')
      .where('id', 'in', ids)
      .where('banned', '=', engine === 'postgres' ? true : 1)
      .execute();
    expect(banned).toHaveLength(BULK_USERS_MAX);
  });
});
