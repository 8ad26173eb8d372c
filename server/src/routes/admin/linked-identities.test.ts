import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signIn, signInAdmin, signUp } from '#test/accounts';
import { addPasskey } from '#test/fixtures/impersonation';
import type { TestClient } from '#test/http-client';
import { accountRows, linkIdentity, providerOnlyUser } from '#test/linked-identities';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

const PASSWORD = 'user-password-1';
const list = (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}/linked-accounts` as const;
const one = (userId: string, accountId: string) => `${list(userId)}/${encodeURIComponent(accountId)}` as const;

/** An admin sees the identities linked to a person and removes one that is not theirs. */
describe.each(ENGINES)('linked identities in User Details on %s', (engine) => {
  const suite = contextPerSuite(engine, {
    env: { ...ADMIN_ENV, GITHUB_CLIENT_ID: 'github-client', GITHUB_CLIENT_SECRET: 'github-secret' },
  });
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    admin = await signInAdmin(suite.context.app);
    adminId = (await admin.get('/api/auth/get-session')).body!.user.id;
  });

  const unlinkEvents = async (userId: string) => {
    await suite.context.audit.flush();
    const rows = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['action', 'outcome', 'actorId', 'targetUserId', 'details'])
      .where('action', '=', 'admin.account_unlink')
      .where('targetUserId', '=', userId)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details ?? '{}') as Record<string, unknown> }));
  };

  it("lists each linked identity with its provider's name, subject and date; never the password", async () => {
    const { id } = await signUp(suite.context.app, { email: 'listed@example.com' });
    const github = await linkIdentity(suite.context, id, 'github', 'gh-4242');
    // A provider the operator has since removed from the configuration keeps its id as its name.
    const retired = await linkIdentity(suite.context, id, 'retired-idp', 'sub-7');
    // Linked a second later: the list is in the order identities were linked (the same millisecond would order by id).
    await suite.context.database.db
      .updateTable('account')
      .set({ createdAt: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', retired)
      .execute();
    const response = await admin.get(list(id));
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: github,
        providerId: 'github',
        providerLabel: 'GitHub',
        accountId: 'gh-4242',
        email: null,
        linkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        id: retired,
        providerId: 'retired-idp',
        providerLabel: 'retired-idp',
        accountId: 'sub-7',
        email: null,
        linkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const { id: nobody } = await signUp(suite.context.app, { email: 'unlinked@example.com' });
    expect((await admin.get(list(nobody))).body).toEqual({ data: [] });
  });

  it('shows the address the provider gave when the identity was linked', async () => {
    const { id } = await signUp(suite.context.app, { email: 'with-address@example.com' });
    const row = await linkIdentity(suite.context, id, 'github');
    await suite.context.database.db
      .updateTable('account')
      .set({ providerEmail: 'someone@github.example' })
      .where('id', '=', row)
      .execute();
    const listed = await admin.get(list(id));
    expect(listed.body.data).toEqual([expect.objectContaining({ id: row, email: 'someone@github.example' })]);
  });

  it('removes one identity, ends every session of the person, and records it with the admin and the provider', async () => {
    const email = 'removed-link@example.com';
    const { client, id } = await signUp(suite.context.app, { email });
    const second = await signIn(suite.context.app, email, PASSWORD);
    const intruder = await linkIdentity(suite.context, id, 'github');
    const kept = await linkIdentity(suite.context, id, 'retired-idp');

    const removed = await admin.request('DELETE', one(id, intruder));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ data: { id: intruder, userId: id, providerId: 'github', sessionsEnded: 2 } });
    expect((await accountRows(suite.context, id)).map((row) => row.providerId).sort()).toEqual([
      'credential',
      'retired-idp',
    ]);
    expect((await admin.get(list(id))).body.data.map((identity) => identity.id)).toEqual([kept]);
    expect((await client.get('/api/auth/get-session')).body).toBeNull();
    expect((await second.get('/api/auth/get-session')).body).toBeNull();
    // The password still signs in.
    await signIn(suite.context.app, email, PASSWORD);
    expect(await unlinkEvents(id)).toEqual([
      {
        action: 'admin.account_unlink',
        outcome: 'success',
        actorId: adminId,
        targetUserId: id,
        details: { providerId: 'github', sessionsEnded: 2 },
      },
    ]);

    const again = await admin.request('DELETE', one(id, intruder));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('LINKED_IDENTITY_NOT_FOUND');
  });

  it("refuses to remove a person's last way to sign in, and counts a passkey as one", async () => {
    const person = await providerOnlyUser(suite.context, 'only-github@example.com', 'github');
    const before = await accountRows(suite.context, person.id);
    const refused = await admin.request('DELETE', one(person.id, person.accountRowId));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'USER_LAST_WAY_TO_SIGN_IN',
      message:
        "This linked identity is the user's only way to sign in. They need a password, a passkey or another linked identity before it can be removed.",
    });
    expect(await accountRows(suite.context, person.id)).toEqual(before);

    await addPasskey(suite.context, person.id);
    const removed = await admin.request('DELETE', one(person.id, person.accountRowId));
    expect(removed.status, removed.text).toBe(200);
    expect(await accountRows(suite.context, person.id)).toEqual([]);
    expect((await unlinkEvents(person.id)).map(({ outcome, details }) => ({ outcome, details }))).toEqual([
      { outcome: 'failure', details: { providerId: 'github', code: 'USER_LAST_WAY_TO_SIGN_IN' } },
      { outcome: 'success', details: { providerId: 'github', sessionsEnded: 0 } },
    ]);
  });

  it('counts a password row without a password as no way in', async () => {
    const person = await providerOnlyUser(suite.context, 'empty-password-row@example.com', 'github');
    const { internalAdapter } = await suite.context.auth.$context;
    await internalAdapter.linkAccount({ userId: person.id, providerId: 'credential', accountId: person.id });
    const refused = await admin.request('DELETE', one(person.id, person.accountRowId));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('USER_LAST_WAY_TO_SIGN_IN');
  });

  it('removes one of two last identities when two removals come at once, never both', async () => {
    const person = await providerOnlyUser(suite.context, 'two-links@example.com', 'github');
    const other = await linkIdentity(suite.context, person.id, 'retired-idp');
    const answers = await Promise.all([
      admin.request('DELETE', one(person.id, person.accountRowId)),
      admin.request('DELETE', one(person.id, other)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await accountRows(suite.context, person.id)).toHaveLength(1);
  });

  it("answers 404 for the password row, another person's identity and an unknown user, and changes nothing", async () => {
    const { id: owner } = await signUp(suite.context.app, { email: 'owner-of-link@example.com' });
    const { id: stranger } = await signUp(suite.context.app, { email: 'stranger@example.com' });
    const theirs = await linkIdentity(suite.context, owner, 'github');
    await linkIdentity(suite.context, stranger, 'github');
    const before = {
      owner: await accountRows(suite.context, owner),
      stranger: await accountRows(suite.context, stranger),
    };
    const password = before.owner.find((row) => row.providerId === 'credential')!.id;

    for (const [userId, accountId] of [
      [owner, password],
      [stranger, theirs],
    ] as const) {
      const response = await admin.request('DELETE', one(userId, accountId));
      expect(response.status, `${userId} ${accountId}`).toBe(404);
      expect(response.body.code).toBe('LINKED_IDENTITY_NOT_FOUND');
    }
    for (const response of [
      await admin.get(list('no-such-user')),
      await admin.request('DELETE', one('no-such-user', theirs)),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('USER_NOT_FOUND');
    }
    expect({
      owner: await accountRows(suite.context, owner),
      stranger: await accountRows(suite.context, stranger),
    }).toEqual(before);
    expect((await unlinkEvents(owner)).map(({ outcome, details }) => ({ outcome, details }))).toEqual([
      { outcome: 'failure', details: { code: 'LINKED_IDENTITY_NOT_FOUND' } },
    ]);
  });
});
