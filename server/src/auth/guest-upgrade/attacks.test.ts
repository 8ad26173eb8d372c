import { describe, expect, it } from 'vitest';
import { ADMIN_ENV, signInAdmin, signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { SESSION_COOKIE } from '#test/two-factor';
import {
  addMember,
  createOrganization,
  guestWithWork,
  membersOf,
  NONE,
  PASSWORD,
  rowsOf,
} from '#test/fixtures/guest-upgrade';

/**
 * The guest whose work moves is the one whose session cookie came with the sign-in, as Better Auth
 * verified it: nothing a client sends can name another guest or reach anyone else's data.
 */
describe.each(ENGINES)('guest upgrade attacks on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const sessionUser = async (client: TestClient) => (await client.get('/api/auth/get-session')).body?.user;
  let accounts = 0;
  const newAccount = () => {
    accounts += 1;
    return { name: `Account ${accounts}`, email: `account-${accounts}@example.com`, password: PASSWORD };
  };

  it("cannot pull another guest's work by naming it in the body", async () => {
    const mine = await guestWithWork(suite.context.app, 'Mine');
    const theirs = await guestWithWork(suite.context.app, 'Theirs');
    const before = await rowsOf(suite.context, theirs.id);
    const response = await mine.client.post('/api/auth/sign-up/email', {
      ...newAccount(),
      anonymousUserId: theirs.id,
      guestId: theirs.id,
    });
    // Better Auth ignores fields it does not know: only this browser's guest moves.
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, theirs.id)).toEqual(before);
    expect((await sessionUser(theirs.client))?.id).toBe(theirs.id);
    expect(await membersOf(suite.context, mine.organizationId)).toEqual([
      { userId: response.body.user.id, role: 'owner' },
    ]);
  });

  it("cannot pull another guest's work with a session cookie it cannot sign", async () => {
    const theirs = await guestWithWork(suite.context.app, 'Stolen Token');
    const before = await rowsOf(suite.context, theirs.id);
    const token = theirs.client.cookie(SESSION_COOKIE)!.split('.')[0];
    const account = newAccount();
    await signUp(suite.context.app, account);

    const attacker = new TestClient(suite.context.app);
    const response = await attacker.post(
      '/api/auth/sign-in/email',
      { email: account.email, password: account.password },
      { cookie: `${SESSION_COOKIE}=${token}.forged-signature` },
    );
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, theirs.id)).toEqual(before);
    expect((await sessionUser(theirs.client))?.id).toBe(theirs.id);
  });

  it('moves nothing on a sign-in from a foreign Origin', async () => {
    const guest = await guestWithWork(suite.context.app, 'Cross Site');
    const before = await rowsOf(suite.context, guest.id);
    const account = newAccount();
    await signUp(suite.context.app, account);
    const response = await guest.client.post(
      '/api/auth/sign-in/email',
      { email: account.email, password: account.password },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);
    expect((await sessionUser(guest.client))?.id).toBe(guest.id);
  });

  it("moves nothing of whoever's API key rides along: only the cookie's guest moves", async () => {
    const keyOwner = await signUp(suite.context.app, { email: 'key-owner@example.com' });
    await createOrganization(keyOwner.client, 'Key Owner Org');
    const key = await keyOwner.client.post('/api/auth/api-key/create', { name: 'ci' });
    expect(key.status, key.text).toBe(200);
    const keyOwnerRows = await rowsOf(suite.context, keyOwner.id);
    const guest = await guestWithWork(suite.context.app, 'Keyed');

    const response = await guest.client.post('/api/auth/sign-up/email', newAccount(), { 'x-api-key': key.body.key });
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, keyOwner.id)).toEqual(keyOwnerRows);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([
      { userId: response.body.user.id, role: 'owner' },
    ]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('cannot take over an organization the guest was only a member of', async () => {
    const owner = await signUp(suite.context.app, { email: 'org-owner@example.com' });
    const organizationId = await createOrganization(owner.client, 'Not Yours');
    const guest = await guestWithWork(suite.context.app, 'Joiner');
    await addMember(suite.context, organizationId, guest.id, 'member');

    const response = await guest.client.post('/api/auth/sign-up/email', newAccount());
    expect(response.status, response.text).toBe(200);
    const accountId = response.body.user.id as string;
    const expected = [
      { userId: accountId, role: 'member' },
      { userId: owner.id, role: 'owner' },
    ].sort((a, b) => a.userId.localeCompare(b.userId));
    expect(await membersOf(suite.context, organizationId)).toEqual(expected);
    const update = await guest.client.post('/api/auth/organization/update', {
      organizationId,
      data: { name: 'Mine Now' },
    });
    expect(update.status).toBe(403);
  });

  it("lets no admin impersonating a guest hand the guest's work to another account", async () => {
    const guest = await guestWithWork(suite.context.app, 'Impersonated');
    const before = await rowsOf(suite.context, guest.id);
    const account = newAccount();
    const { id: accountId } = await signUp(suite.context.app, account);
    const accountSessions = (await rowsOf(suite.context, accountId)).session;
    const admin = await signInAdmin(suite.context.app);
    const impersonated = await admin.post('/api/auth/admin/impersonate-user', {
      userId: guest.id,
      reason: 'Checking a support request',
    });
    expect(impersonated.status, impersonated.text).toBe(200);

    const response = await admin.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('NOT_WHILE_IMPERSONATING');
    expect(await sessionUser(admin)).toMatchObject({ id: guest.id });
    expect(await rowsOf(suite.context, guest.id)).toEqual({ ...before, session: before.session! + 1 });
    expect((await rowsOf(suite.context, accountId)).session).toBe(accountSessions);
  });

  it('moves nothing for a sign-up without a session, and leaves every guest alone', async () => {
    const guest = await guestWithWork(suite.context.app, 'Bystander');
    const before = await rowsOf(suite.context, guest.id);
    const response = await new TestClient(suite.context.app).post('/api/auth/sign-up/email', newAccount());
    expect(response.status, response.text).toBe(200);
    expect(await rowsOf(suite.context, response.body.user.id)).toMatchObject({ member: 0, file: 0 });
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);
  });
});
