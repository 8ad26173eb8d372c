import { describe, expect, it } from 'vitest';
import { NOT_WHILE_IMPERSONATING_MESSAGE } from '#common/admin';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { addMember, addOwnedRows, createOrganization, createTeam, NONE, rowsOf } from '#test/fixtures/account-deletion';

const PASSWORD = 'user-password-1';

describe.each(ENGINES)('account deletion on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const remove = (client: TestClient, body: unknown, headers?: Record<string, string>) =>
    client.post('/api/auth/delete-user', body, headers);
  const signInStatus = async (email: string) =>
    (await new TestClient(suite.context.app).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status;
  const signInAsGuest = async () => {
    const client = new TestClient(suite.context.app);
    const response = await client.post('/api/auth/sign-in/anonymous', {});
    expect(response.status, response.text).toBe(200);
    return { client, id: response.body.user.id as string };
  };

  it('refuses a wrong, missing or mistyped password, deleting nothing', async () => {
    const email = 'keeps@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    const before = await rowsOf(suite.context, id);
    const refusals = [
      [{ password: 'wrong-password-1' }, 'INVALID_PASSWORD'],
      [{}, 'PASSWORD_REQUIRED'],
      [{ password: '' }, 'PASSWORD_REQUIRED'],
      [{ password: 12345678 }, undefined],
      [{ password: [PASSWORD] }, undefined],
    ] as const;
    for (const [body, code] of refusals) {
      const response = await remove(client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (code) expect(response.body.code).toBe(code);
    }
    expect(await rowsOf(suite.context, id)).toEqual(before);
    expect(await signInStatus(email)).toBe(200);
  });

  it('refuses the last owner of an organization with other members, naming it, and deletes once handed over', async () => {
    const owner = await signUp(suite.context.app, { email: 'last-owner@example.com' });
    const other = await signUp(suite.context.app, { email: 'stays@example.com' });
    const shared = await createOrganization(owner.client, 'Shared Works');
    await addMember(suite.context, shared, other.id);
    const refused = await remove(owner.client, { password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('LAST_OWNER');
    expect(refused.body.message).toContain('"Shared Works"');
    expect((await rowsOf(suite.context, owner.id)).member).toBe(1);

    await suite.context.database.db
      .updateTable('member')
      .set({ role: 'owner' })
      .where('userId', '=', other.id)
      .execute();
    expect((await remove(owner.client, { password: PASSWORD })).status).toBe(200);
    const left = await suite.context.database.db
      .selectFrom('member')
      .selectAll()
      .where('organizationId', '=', shared)
      .execute();
    expect(left.map((row) => row.userId)).toEqual([other.id]);
  });

  it('deletes everything of the account, and the organizations it was alone in', async () => {
    const email = 'leaves@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    const alone = await createOrganization(client, 'Solo');
    await createTeam(client, alone, 'Solo Team');
    const host = await signUp(suite.context.app, { email: 'host@example.com' });
    const shared = await createOrganization(host.client, 'Hosted');
    await addMember(suite.context, shared, id, 'admin');
    await addOwnedRows(suite.context, id, shared);
    const key = await client.post('/api/auth/api-key/create', { name: 'ci' });
    expect(key.status, key.text).toBe(200);

    const response = await remove(client, { password: PASSWORD });
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, id)).toEqual(NONE);
    const { db } = suite.context.database;
    expect(await db.selectFrom('organization').select('id').where('id', '=', alone).execute()).toEqual([]);
    expect(await db.selectFrom('team').select('id').where('organizationId', '=', alone).execute()).toEqual([]);
    expect(await db.selectFrom('organization').select('id').where('id', '=', shared).execute()).toHaveLength(1);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
    expect(await signInStatus(email)).toBe(401);
    expect((await new TestClient(suite.context.app).get('/api/v1/me', { 'x-api-key': key.body.key })).status).toBe(401);
  });

  it('refuses an API key, a foreign Origin and an impersonating admin', async () => {
    const email = 'guarded@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    const key = (await client.post('/api/auth/api-key/create', { name: 'ci' })).body.key as string;
    const anonymous = new TestClient(suite.context.app);
    expect((await remove(anonymous, { password: PASSWORD }, { 'x-api-key': key })).status).toBe(401);
    expect((await remove(client, { password: PASSWORD }, { origin: 'https://evil.example' })).status).toBe(403);

    const admin = await signInAdmin(suite.context.app);
    expect(
      (await admin.post('/api/auth/admin/impersonate-user', { userId: id, reason: 'support ticket' })).status,
    ).toBe(200);
    const impersonated = await remove(admin, { password: PASSWORD });
    expect(impersonated.status).toBe(403);
    // Refused by the impersonation guard, with its one answer for every such action.
    expect(impersonated.body).toMatchObject({
      code: 'NOT_WHILE_IMPERSONATING',
      message: NOT_WHILE_IMPERSONATING_MESSAGE,
    });
    expect(await signInStatus(email)).toBe(200);
  });

  it('lets a guest delete itself without a password, under the same rules', async () => {
    const guest = new TestClient(suite.context.app);
    const signedIn = await guest.post('/api/auth/sign-in/anonymous', {});
    expect(signedIn.status, signedIn.text).toBe(200);
    const guestId = signedIn.body.user.id as string;
    const alone = await createOrganization(guest, 'Guest Org');
    for (const body of [{ password: PASSWORD }, {}]) {
      const refused = await remove(guest, body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('GUEST_HAS_NO_PASSWORD');
    }
    const response = await guest.post('/api/auth/delete-anonymous-user', {});
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, guestId)).toEqual(NONE);
    const { db } = suite.context.database;
    expect(await db.selectFrom('organization').select('id').where('id', '=', alone).execute()).toEqual([]);
  });

  it('refuses a guest who is the last owner of an organization with members, keeping them signed in', async () => {
    const guest = await signInAsGuest();
    const member = await signUp(suite.context.app, { email: 'guest-org-member@example.com' });
    const shared = await createOrganization(guest.client, 'Guest Shared');
    await addMember(suite.context, shared, member.id);
    const before = await rowsOf(suite.context, guest.id);
    const refused = await guest.client.post('/api/auth/delete-anonymous-user', {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('LAST_OWNER');
    expect(refused.body.message).toContain('"Guest Shared"');
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);
    expect((await guest.client.get('/api/auth/get-session')).body?.user.id).toBe(guest.id);
  });

  it('refuses the guest path to a registered account, deleting nothing', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'not-a-guest@example.com' });
    await createOrganization(client, 'Registered Solo');
    const before = await rowsOf(suite.context, id);
    const refused = await client.post('/api/auth/delete-anonymous-user', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('USER_IS_NOT_ANONYMOUS');
    expect(await rowsOf(suite.context, id)).toEqual(before);
  });

  it('keeps an owner when two owners of one organization delete their accounts at once, by either path', async () => {
    for (let round = 0; round < 4; round++) {
      const first = await signUp(suite.context.app, { email: `co-owner-a-${round}@example.com` });
      // Every other round the second owner is a guest, who goes by the guest path.
      const second =
        round % 2 === 0
          ? await signUp(suite.context.app, { email: `co-owner-b-${round}@example.com` })
          : await signInAsGuest();
      const member = await signUp(suite.context.app, { email: `co-member-${round}@example.com` });
      const shared = await createOrganization(first.client, `Co-owned ${round}`);
      await addMember(suite.context, shared, second.id, 'owner');
      await addMember(suite.context, shared, member.id);
      const responses = await Promise.all([
        remove(first.client, { password: PASSWORD }),
        round % 2 === 0
          ? remove(second.client, { password: PASSWORD })
          : second.client.post('/api/auth/delete-anonymous-user', {}),
      ]);
      expect(responses.map((response) => response.status).sort(), `round ${round}`).toEqual([200, 400]);
      expect(responses.find((response) => response.status === 400)!.body.code).toBe('LAST_OWNER');
      const left = await suite.context.database.db
        .selectFrom('member')
        .select(['userId', 'role'])
        .where('organizationId', '=', shared)
        .execute();
      expect(
        left.filter((row) => row.role === 'owner'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(left).toHaveLength(2);
    }
  });

  it("applies the rules and the clean-up to an admin's removal, and refuses it to others", async () => {
    const owner = await signUp(suite.context.app, { email: 'removed@example.com' });
    const member = await signUp(suite.context.app, { email: 'member@example.com' });
    const shared = await createOrganization(owner.client, 'Kept Co');
    await addMember(suite.context, shared, member.id);
    expect((await owner.client.post('/api/auth/api-key/create', { name: 'ci' })).status).toBe(200);

    const other = await signIn(suite.context.app, 'member@example.com', PASSWORD);
    expect((await other.post('/api/auth/admin/remove-user', { userId: owner.id })).status).toBe(403);
    const admin = await signInAdmin(suite.context.app);
    const refused = await admin.post('/api/auth/admin/remove-user', { userId: owner.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('This user is the last owner of "Kept Co"');
    expect((await rowsOf(suite.context, owner.id)).user).toBe(1);

    await suite.context.database.db.deleteFrom('member').where('userId', '=', member.id).execute();
    expect((await admin.post('/api/auth/admin/remove-user', { userId: owner.id })).status).toBe(200);
    expect(await rowsOf(suite.context, owner.id)).toEqual(NONE);
  });

  it('keeps an owner, and the refused account whole, when an admin removes two co-owners at once', async () => {
    const admin = await signInAdmin(suite.context.app);
    for (let round = 0; round < 3; round++) {
      const owners = [
        await signUp(suite.context.app, { email: `removed-owner-a-${round}@example.com` }),
        await signUp(suite.context.app, { email: `removed-owner-b-${round}@example.com` }),
      ];
      const member = await signUp(suite.context.app, { email: `removed-member-${round}@example.com` });
      const shared = await createOrganization(owners[0]!.client, `Removed Co ${round}`);
      await addMember(suite.context, shared, owners[1]!.id, 'owner');
      await addMember(suite.context, shared, member.id);
      const before = await Promise.all(owners.map((owner) => rowsOf(suite.context, owner.id)));
      const responses = await Promise.all(
        owners.map((owner) => admin.post('/api/auth/admin/remove-user', { userId: owner.id })),
      );
      expect(responses.map((response) => response.status).sort(), `round ${round}`).toEqual([200, 400]);
      const kept = responses.findIndex((response) => response.status === 400);
      expect(responses[kept]!.body.code).toBe('LAST_OWNER');
      // Its sessions, password and memberships are all still there: it can still sign in.
      expect(await rowsOf(suite.context, owners[kept]!.id)).toEqual(before[kept]);
      expect(await rowsOf(suite.context, owners[1 - kept]!.id)).toEqual(NONE);
      expect(await signInStatus(`removed-owner-${kept === 0 ? 'a' : 'b'}-${round}@example.com`)).toBe(200);
    }
  });
});
