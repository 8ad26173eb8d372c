import { describe, expect, it } from 'vitest';
import { signIn, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { SESSION_COOKIE } from '#test/two-factor';
import {
  addMember,
  addOwnedRows,
  addTeamPlace,
  allowFileMoves,
  createOrganization,
  createTeam,
  guestWithWork,
  membersOf,
  NONE,
  ownerOfFile,
  PASSWORD,
  placesIn,
  profileOf,
  refuseFileMoves,
  rowsOf,
  setAvatar,
  signInAsGuest,
  upgradeBySignUp,
} from '#test/fixtures/guest-upgrade';

/** A guest who signs up or signs in keeps their work; the guest account itself goes. */
describe.each(ENGINES)('guest upgrade on %s', (engine) => {
  const suite = contextPerSuite(engine);
  const sessionUser = async (client: TestClient) => (await client.get('/api/auth/get-session')).body?.user;
  const organizationNames = async (client: TestClient) =>
    ((await client.get('/api/auth/organization/list')).body as { name: string }[]).map((row) => row.name).sort();

  it('moves organizations, teams, invitations, files and the picture to a new account, and deletes the guest', async () => {
    const guest = await guestWithWork(suite.context.app, 'Guest Person');
    await addOwnedRows(suite.context, guest.id, guest.organizationId);
    const guestCookie = guest.client.cookie(SESSION_COOKIE)!;

    const accountId = await upgradeBySignUp(guest.client, 'Guest Person', 'upgraded@example.com');
    expect(accountId).not.toBe(guest.id);

    expect(await sessionUser(guest.client)).toMatchObject({
      id: accountId,
      name: 'Guest Person',
      isAnonymous: false,
      image: guest.avatar.url,
    });
    expect(await organizationNames(guest.client)).toEqual(['Guest Person Works']);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: accountId, role: 'owner' }]);
    expect(await placesIn(suite.context, guest.teamId)).toEqual([{ userId: accountId, role: 'owner' }]);
    const moved = await rowsOf(suite.context, accountId);
    // Two team places: the organization's first team (Better Auth makes one) and the guest's own.
    expect(moved).toMatchObject({ member: 1, teamMember: 2, invitation: 1, file: 2, user: 1 });
    // Credentials never move: they went with the guest.
    expect(moved).toMatchObject({ passkey: 0, twoFactor: 0 });
    expect(await ownerOfFile(suite.context, guest.avatar.fileId)).toBe(accountId);
    expect((await guest.client.get(new URL(guest.avatar.url).pathname)).status).toBe(200);

    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
    const oldBrowser = new TestClient(suite.context.app);
    const replay = await oldBrowser.get('/api/auth/get-session', { cookie: `${SESSION_COOKIE}=${guestCookie}` });
    expect(replay.body).toBeNull();
  });

  it('signing in to an existing account keeps its name and picture, and settles shared places', async () => {
    const account = await signUp(suite.context.app, { email: 'existing@example.com', name: 'Kept Name' });
    const accountAvatar = await setAvatar(account.client);
    const guest = await guestWithWork(suite.context.app, 'Visitor');
    const host = await signUp(suite.context.app, { email: 'host@example.com' });
    const shared = await createOrganization(host.client, 'Shared');
    const sharedTeam = await createTeam(host.client, shared, 'Shared Team');
    await addMember(suite.context, shared, guest.id, 'member');
    await addMember(suite.context, shared, account.id, 'admin');
    await addTeamPlace(suite.context, sharedTeam, guest.id, 'owner');
    await addTeamPlace(suite.context, sharedTeam, account.id, 'member');
    // The account was let into the guest's organization and team: the guest owns both alone.
    await addMember(suite.context, guest.organizationId, account.id, 'member');
    await addTeamPlace(suite.context, guest.teamId, account.id, 'member');

    const response = await guest.client.post('/api/auth/sign-in/email', {
      email: 'existing@example.com',
      password: PASSWORD,
    });
    expect(response.status, response.text).toBe(200);

    expect(await sessionUser(guest.client)).toMatchObject({
      id: account.id,
      name: 'Kept Name',
      image: accountAvatar.url,
    });
    expect(await profileOf(suite.context, account.id)).toEqual({ name: 'Kept Name', image: accountAvatar.url });
    expect(await ownerOfFile(suite.context, accountAvatar.fileId)).toBe(account.id);
    expect(await ownerOfFile(suite.context, guest.avatar.fileId)).toBeUndefined();

    // Where both were, the account's place stays and the guest's goes.
    const hostAndAccount = (accountRole: string, hostRole: string) =>
      [
        { userId: account.id, role: accountRole },
        { userId: host.id, role: hostRole },
      ].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(await membersOf(suite.context, shared)).toEqual(hostAndAccount('admin', 'owner'));
    expect(await placesIn(suite.context, sharedTeam)).toEqual(hostAndAccount('member', 'owner'));
    // Where the guest was the last owner, the account's place becomes the owner's: none is left without one.
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: account.id, role: 'owner' }]);
    expect(await placesIn(suite.context, guest.teamId)).toEqual([{ userId: account.id, role: 'owner' }]);
    expect(await organizationNames(guest.client)).toEqual(['Shared', 'Visitor Works']);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('moves nothing when the move fails halfway, keeps the guest signed in, and moves all at the next sign-in', async () => {
    const guest = await guestWithWork(suite.context.app, 'Unlucky');
    const before = await rowsOf(suite.context, guest.id);
    const credentials = { email: 'unlucky@example.com', password: PASSWORD };
    await refuseFileMoves(suite.context);
    try {
      // Memberships and team places move before files: the failure comes after them.
      const response = await guest.client.post('/api/auth/sign-up/email', { name: 'Unlucky', ...credentials });
      expect(response.status, response.text).toBe(503);
      expect(response.body.code).toBe('GUEST_WORK_NOT_MOVED');
      expect(response.body.message).toContain('still signed in as a guest');
    } finally {
      await allowFileMoves(suite.context);
    }
    expect(await sessionUser(guest.client)).toMatchObject({ id: guest.id, isAnonymous: true });
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: guest.id, role: 'owner' }]);
    const account = await suite.context.database.db
      .selectFrom('user')
      .select(['id', 'image'])
      .where('email', '=', credentials.email)
      .executeTakeFirstOrThrow();
    // The account was made, but the session the sign-up opened was ended with the failure.
    expect(account.image).toBeNull();
    expect(await rowsOf(suite.context, account.id)).toMatchObject({ session: 0, member: 0, teamMember: 0, file: 0 });

    const retry = await guest.client.post('/api/auth/sign-in/email', credentials);
    expect(retry.status, retry.text).toBe(200);
    expect(await sessionUser(guest.client)).toMatchObject({ id: account.id, image: guest.avatar.url });
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: account.id, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('upgrades a guest with nothing to move', async () => {
    const guest = await signInAsGuest(suite.context.app);
    const accountId = await upgradeBySignUp(guest.client, 'Empty Handed', 'empty@example.com');
    expect(await sessionUser(guest.client)).toMatchObject({ id: accountId, name: 'Empty Handed', image: null });
    expect(await rowsOf(suite.context, accountId)).toMatchObject({ member: 0, file: 0, session: 1, user: 1 });
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('moves nothing when a registered user signs in as someone else', async () => {
    const first = await signUp(suite.context.app, { email: 'first@example.com' });
    const firstOrganization = await createOrganization(first.client, 'First Only');
    await setAvatar(first.client);
    const before = await rowsOf(suite.context, first.id);
    const second = await signUp(suite.context.app, { email: 'second@example.com' });

    const response = await first.client.post('/api/auth/sign-in/email', {
      email: 'second@example.com',
      password: PASSWORD,
    });
    expect(response.status, response.text).toBe(200);
    expect((await sessionUser(first.client))?.id).toBe(second.id);
    expect(await rowsOf(suite.context, first.id)).toEqual(before);
    expect(await membersOf(suite.context, firstOrganization)).toEqual([{ userId: first.id, role: 'owner' }]);
    expect(await rowsOf(suite.context, second.id)).toMatchObject({ member: 0, file: 0 });
    expect(await profileOf(suite.context, second.id)).toMatchObject({ image: null });
    await signIn(suite.context.app, 'first@example.com', PASSWORD);
  });
});
