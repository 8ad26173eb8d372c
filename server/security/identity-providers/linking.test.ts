import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER } from '#common/api-keys';
import { verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { PROVIDER_ID, startIdentityProvider, type IdentityProviderServer } from '#test/identity-provider';
import { linkThroughProvider, signInThroughProvider } from '#test/provider-sign-in';
import { linkIdentity } from '#test/linked-identities';
import { countRows } from '#test/rows';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { admin, apiKey, guest, impersonation, signUp, type Person } from '../support/principals';

/**
 * ASVS V6/V8 (accounts from elsewhere): a provider account joins an existing account only when both
 * sides verified the same address, never onto an unverified one (pre-hijacking); unlinking is the
 * person's own, from the console, and never leaves them without a way in.
 */

const provider: { server?: IdentityProviderServer } = {};
beforeAll(async () => {
  provider.server = await startIdentityProvider();
});
afterAll(async () => provider.server?.stop());

const LINKED = '/api/v1/me/linked-accounts';
const UNLINK = '/api/auth/unlink-account';

describe.each(ENGINES)('ASVS V6 linked accounts on %s', (engine) => {
  const suite = contextPerSuite(engine, {
    get env() {
      return provider.server!.env;
    },
  });
  const idp = () => provider.server!;
  let serial = 0;
  const accountRows = () =>
    suite.context.database.db.selectFrom('account').select(['id', 'userId', 'providerId']).orderBy('id').execute();

  /** A person with a verified address and the provider's account linked from their profile. */
  const linkedPerson = async (label: string): Promise<Person & { accountId: string }> => {
    const person = await signUp(suite.context, label);
    await verifyEmail(suite.context, person.client, person.email);
    idp().signsInAs({ sub: `sub-${engine}-${++serial}`, email: person.email, email_verified: true });
    expect(await linkThroughProvider(person.client)).toMatchObject({ error: null });
    const listed = await person.client.get(LINKED);
    return { ...person, accountId: listed.body.data.accounts[0]!.id as string };
  };

  it('does not join an existing account when the provider has not verified the address', async () => {
    const victim = await signUp(suite.context, 'Verified victim');
    await verifyEmail(suite.context, victim.client, victim.email);
    idp().signsInAs({ sub: `unverified-${engine}`, email: victim.email, email_verified: false });
    const rows = await accountRows();
    const attacker = new TestClient(suite.context.app);
    const landed = await signInThroughProvider(attacker);
    expect(landed.error).toBe('account_not_linked');
    expect((await attacker.get('/api/auth/get-session')).body).toBeNull();
    expect(await accountRows()).toEqual(rows);
  });

  it('does not join an account whose own address is unverified, even when the provider verified it (pre-hijacking)', async () => {
    // The attacker signed up first with the victim's address; the victim now arrives through the provider.
    const squatter = await signUp(suite.context, 'Squatter');
    idp().signsInAs({ sub: `victim-${engine}`, email: squatter.email, email_verified: true });
    const rows = await accountRows();
    const users = await countRows(suite.context, 'user');
    const victim = new TestClient(suite.context.app);
    expect((await signInThroughProvider(victim)).error).toBe('account_not_linked');
    expect((await victim.get('/api/auth/get-session')).body).toBeNull();
    expect(await accountRows()).toEqual(rows);
    expect(await countRows(suite.context, 'user')).toBe(users);
  });

  it('refuses to link a provider account whose address is not the person’s own', async () => {
    const person = await signUp(suite.context, 'Other address');
    await verifyEmail(suite.context, person.client, person.email);
    idp().signsInAs({ sub: `other-${engine}`, email: `not-${person.email}`, email_verified: true });
    const rows = await accountRows();
    expect((await linkThroughProvider(person.client)).error).toBe('email_does_not_match');
    expect(await accountRows()).toEqual(rows);
  });

  it('refuses unlinking the last way to sign in, and allows it while a passkey remains', async () => {
    const someone = { sub: `only-${engine}`, email: `only-${engine}@example.com`, email_verified: true };
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    expect(await signInThroughProvider(browser)).toMatchObject({ error: null });
    const listed = await browser.get(LINKED);
    expect(listed.body.data.canUnlink).toBe(false);
    const accountId = listed.body.data.accounts[0]!.id as string;
    const rows = await accountRows();
    const refused = await browser.post(UNLINK, { accountId });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'LAST_WAY_TO_SIGN_IN' });
    expect(await accountRows()).toEqual(rows);

    // A passkey is a way in too (Better Auth would count account rows only).
    const userId =
      listed.body.data.accounts.length === 1 ? (await browser.get('/api/auth/get-session')).body!.user.id : '';
    await suite.context.database.db
      .insertInto('passkey')
      .values({
        id: `passkey-${engine}`,
        name: 'Laptop',
        publicKey: 'x',
        userId,
        credentialID: `credential-${engine}`,
        counter: 0,
        deviceType: 'multiDevice',
        backedUp: 1,
        createdAt: new Date().toISOString(),
        aaguid: null,
      })
      .execute();
    expect((await browser.get(LINKED)).body.data.canUnlink).toBe(true);
    const unlinked = await browser.post(UNLINK, { accountId });
    expect(unlinked.status, unlinked.text).toBe(200);
  });

  it('asks for a recent sign-in before unlinking, as Better Auth’s endpoint does, and removes nothing', async () => {
    const person = await linkedPerson('Stale session');
    const userId = (await person.client.get('/api/auth/get-session')).body!.user.id as string;
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await suite.context.database.db
      .updateTable('session')
      .set({ createdAt: suite.context.database.engine === 'sqlite' ? old.toISOString() : (old as never) })
      .where('userId', '=', userId)
      .execute();
    const rows = await accountRows();
    const refused = await person.client.post(UNLINK, { accountId: person.accountId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    expect(await accountRows()).toEqual(rows);
  });

  it('keeps a way in when two unlinks of the last two accounts arrive at once', async () => {
    const someone = { sub: `pair-${engine}`, email: `pair-${engine}@example.com`, email_verified: true };
    idp().signsInAs(someone);
    const browser = new TestClient(suite.context.app);
    expect(await signInThroughProvider(browser)).toMatchObject({ error: null });
    const userId = (await browser.get('/api/auth/get-session')).body!.user.id as string;
    await linkIdentity(suite.context, userId, 'other-idp');
    const ids = (await browser.get(LINKED)).body.data.accounts.map((account: { id: string }) => account.id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(ids.map((accountId: string) => browser.post(UNLINK, { accountId })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toMatchObject({ code: 'LAST_WAY_TO_SIGN_IN' });
    expect((await accountRows()).filter((row) => row.userId === userId)).toHaveLength(1);
  });

  it('refuses unlinking another person’s account by its id, and a password by its row', async () => {
    const victim = await linkedPerson('Unlink victim');
    const attacker = await linkedPerson('Unlink attacker');
    const passwordRow = (await accountRows()).find(
      (row) => row.userId === attacker.id && row.providerId === 'credential',
    )!;
    const rows = await accountRows();
    for (const accountId of [victim.accountId, passwordRow.id, 'no-such-account']) {
      const answer = await attacker.client.post(UNLINK, { accountId });
      expect(answer.status, accountId).toBe(400);
      expect(answer.body).toMatchObject({ code: 'LINKED_ACCOUNT_NOT_FOUND' });
    }
    expect(await accountRows()).toEqual(rows);
  });

  it('gives a guest nothing to list, link or unlink', async () => {
    const victim = await linkedPerson('Guest victim');
    const visitor = await guest(suite.context);
    const listed = await visitor.client.get(LINKED);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({ accounts: [], available: [], canUnlink: false });
    const rows = await accountRows();
    expect((await visitor.client.post(UNLINK, { accountId: victim.accountId })).status).toBe(400);
    // Even were a provider to vouch for a guest's made-up address: signing in is how a guest comes in.
    idp().signsInAs({ sub: `guest-${engine}`, email: visitor.email, email_verified: true });
    const link = await visitor.client.post('/api/auth/link-social', { provider: PROVIDER_ID, callbackURL: '/profile' });
    expect(link.status).toBe(403);
    expect(link.body).toMatchObject({ code: 'NO_LINKING_FOR_GUESTS' });
    expect(await accountRows()).toEqual(rows);
  });

  it('refuses an API key, a caller with no session, and an admin impersonating the person', async () => {
    const person = await linkedPerson('Key owner');
    const key = await apiKey(person);
    const platformAdmin = await admin(suite.context);
    const rows = await accountRows();
    const keyed = new TestClient(suite.context.app);
    const listed = await keyed.get(LINKED, { [API_KEY_HEADER]: key });
    expect(listed.status).toBe(403);
    expect(listed.body).toMatchObject({ code: 'API_KEY_NOT_ALLOWED' });
    const unlinkedByKey = await keyed.post(UNLINK, { accountId: person.accountId }, { [API_KEY_HEADER]: key });
    expect(unlinkedByKey.status).not.toBe(200);
    expect((await new TestClient(suite.context.app).get(LINKED)).status).toBe(401);
    expect((await new TestClient(suite.context.app).post(UNLINK, { accountId: person.accountId })).status).toBe(401);

    const acting = await impersonation(suite.context, platformAdmin, person);
    const impersonated = await acting.post(UNLINK, { accountId: person.accountId });
    expect(impersonated.status).toBe(403);
    expect(impersonated.body).toMatchObject({ code: 'NOT_WHILE_IMPERSONATING' });
    const link = await acting.post('/api/auth/link-social', { provider: PROVIDER_ID, callbackURL: '/profile' });
    expect(link.status).toBe(403);
    expect(await accountRows()).toEqual(rows);
  });

  it('hands out none of the provider’s tokens or profile, to the person or to an admin impersonating them', async () => {
    const person = await linkedPerson('Token holder');
    const acting = await impersonation(suite.context, await admin(suite.context), person);
    for (const caller of [person.client, acting]) {
      for (const path of ['/api/auth/get-access-token', '/api/auth/refresh-token']) {
        const answer = await caller.post(path, { providerId: PROVIDER_ID, accountId: person.accountId });
        expect(answer.status, path).toBe(404);
        expect(answer.text).not.toMatch(/access_?token|refresh_?token/i);
      }
      const info = await caller.get(`/api/auth/account-info?accountId=${person.accountId}`);
      expect(info.status).toBe(404);
      expect(info.text).not.toContain(person.email);
    }
  });

  it('refuses linking and unlinking from a foreign origin', async () => {
    const person = await linkedPerson('Origin victim');
    const rows = await accountRows();
    const evil = { origin: 'https://evil.example' };
    const unlink = await person.client.post(UNLINK, { accountId: person.accountId }, evil);
    expect(unlink.status).toBe(403);
    const link = await person.client.post(
      '/api/auth/link-social',
      { provider: PROVIDER_ID, callbackURL: '/profile' },
      evil,
    );
    expect(link.status).toBe(403);
    // A browser with a session (here a guest's) starting a sign-in from another site. Without any
    // cookie, Better Auth lets a start through from anywhere: the state binds the return to the
    // browser that started it (callbacks.test.ts), so a foreign start gains nothing.
    const visitor = await guest(suite.context);
    const signIn = await visitor.client.post(
      '/api/auth/sign-in/social',
      { provider: PROVIDER_ID, callbackURL: '/profile' },
      evil,
    );
    expect(signIn.status).toBe(403);
    expect(await accountRows()).toEqual(rows);
  });

  it('refuses wrong types in the bodies with a 400, never a 500', async () => {
    const person = await linkedPerson('Types');
    for (const [path, body] of [
      [UNLINK, { accountId: 42 }],
      [UNLINK, { accountId: ['x'] }],
      ['/api/auth/link-social', { provider: 42 }],
      ['/api/auth/sign-in/social', { provider: { id: PROVIDER_ID } }],
      ['/api/auth/sign-in/social', { provider: 'nobody' }],
    ] as const) {
      const answer = await person.client.post(path, body);
      expect([400, 404], `${path} ${JSON.stringify(body)}: ${answer.text}`).toContain(answer.status);
    }
  });
});
