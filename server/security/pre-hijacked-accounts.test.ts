import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { SoftwarePasskey } from '#test/passkeys';
import { selectRows } from '#test/rows';
import { contextPerSuite, sharedInstancesPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { totpCode } from '#test/totp';
import { enableTwoFactor, TRUST_DEVICE_COOKIE } from '#test/two-factor';

const SQUATTER_PASSWORD = 'squatter-password-1';
const OWNER_PASSWORD = 'owner-password-1';
const CLAIMED_SUBJECT = 'Your Gatehouse account is now yours alone';

/** The steps of the attack and of the owner's proof, on one instance. */
function claimSteps(context: () => TestContext) {
  const app = () => context().app;
  const mails = (to: string, subject: string) =>
    context()
      .mailer.outbox!.list(to)
      .filter((mail) => mail.subject === subject);
  /** The newest mail's link, as a path the in-process app answers. */
  const link = (to: string, subject: string) => {
    const url = new URL(mails(to, subject)[0]!.links[0]!);
    return `${url.pathname}${url.search}`;
  };
  /** Asks for a reset link, follows it from the inbox and sets the new password, as its owner does. */
  const resetFromInbox = async (email: string, newPassword: string, browser = new TestClient(app())) => {
    const asked = await browser.post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    expect(asked.status).toBe(200);
    const landed = await browser.get(link(email, 'Reset your Gatehouse password'));
    const token = new URL(landed.headers.get('location')!).searchParams.get('token');
    return browser.post('/api/auth/reset-password', { token, newPassword });
  };

  /**
   * Someone signs up with an address they do not own (nothing asks them to prove it) and sets up
   * every lasting way in: a passkey, an API key, two-factor sign-in and a device trusted for it.
   */
  async function squat(email: string) {
    const { client, id } = await signUp(app(), { email, password: SQUATTER_PASSWORD, name: 'Squatter' });
    const passkey = new SoftwarePasskey();
    const registered = await passkey.register(client);
    expect(registered.status, registered.text).toBe(200);
    const created = await client.post('/api/auth/api-key/create', { name: 'kept access', expiresIn: 86400 });
    expect(created.status, created.text).toBe(200);
    const { secret } = await enableTwoFactor(client, SQUATTER_PASSWORD);
    const device = new TestClient(app());
    const held = await device.post('/api/auth/sign-in/email', { email, password: SQUATTER_PASSWORD });
    expect(held.body.twoFactorRedirect).toBe(true);
    const trusted = await device.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret, { offsetSteps: 1 }),
      trustDevice: true,
    });
    expect(trusted.status, trusted.text).toBe(200);
    expect(device.cookie(TRUST_DEVICE_COOKIE)).toBeDefined();
    // Before any proof, each of them opens the account.
    expect((await passkey.signIn(new TestClient(app()))).status).toBe(200);
    expect((await new TestClient(app()).get('/api/v1/me', { 'x-api-key': created.body.key as string })).status).toBe(
      200,
    );
    return { id, client, device, passkey, key: created.body.key as string };
  }

  /** Every way in the squatter set up is refused, and nothing of it is left in the database. */
  async function expectSquatterLockedOut(email: string, squatter: Awaited<ReturnType<typeof squat>>) {
    for (const browser of [squatter.client, squatter.device]) {
      expect((await browser.get('/api/auth/get-session')).body).toBeNull();
    }
    expect((await squatter.passkey.signIn(new TestClient(app()))).status).toBe(401);
    expect((await new TestClient(app()).get('/api/v1/me', { 'x-api-key': squatter.key })).status).toBe(401);
    // The trusted device signs in with the squatter's password no more, with or without a code.
    const again = await squatter.device.post('/api/auth/sign-in/email', { email, password: SQUATTER_PASSWORD });
    expect(again.status).toBe(401);
    // Nor can the squatter move the address anywhere: no session of theirs is left to ask.
    const moved = await squatter.client.post('/api/auth/change-email', { newEmail: 'squatter@evil.example' });
    expect(moved.status).toBe(401);

    // With Redis, sessions and verification records (trusted devices) are kept there, not in the database.
    const { tables } = await context().auth.$context;
    for (const table of ['passkey', 'twoFactor', ...(tables.session ? ['session' as const] : [])] as const) {
      expect(await selectRows(context(), table, ['id'], { userId: squatter.id }), table).toEqual([]);
    }
    expect(await selectRows(context(), 'apikey', ['id'], { referenceId: squatter.id })).toEqual([]);
    if (tables.verification) {
      const trustedDevices = await context()
        .database.db.selectFrom('verification')
        .select('id')
        .where('identifier', 'like', 'trust-device-%')
        .where('value', '=', squatter.id)
        .execute();
      expect(trustedDevices).toEqual([]);
    }
    const [user] = await selectRows(context(), 'user', ['email', 'emailVerified', 'twoFactorEnabled'], {
      id: squatter.id,
    });
    expect(user).toMatchObject({ email });
    expect(Boolean(user!.emailVerified)).toBe(true);
    expect(Boolean(user!.twoFactorEnabled)).toBe(false);
  }
  return { app, mails, link, resetFromInbox, squat, expectSquatterLockedOut };
}

describe.each(ENGINES)('ASVS V6 authentication: pre-hijacked accounts on %s', (engine) => {
  const suite = contextPerSuite(engine);
  const { app, mails, link, resetFromInbox, squat, expectSquatterLockedOut } = claimSteps(() => suite.context);

  const claimEvents = async (userId: string) => {
    await suite.context.audit.flush();
    return suite.context.database.db
      .selectFrom('auditEvent')
      .select(['outcome', 'actorId', 'details'])
      .where('action', '=', 'user.claim')
      .where('targetUserId', '=', userId)
      .execute();
  };

  it("lets the address's owner take the account whole with a reset: the squatter's every way in ends", async () => {
    const email = 'pre-hijacked-reset@example.com';
    const squatter = await squat(email);

    // The owner, told the address is taken, resets the password from their inbox.
    const owner = new TestClient(app());
    const reset = await resetFromInbox(email, OWNER_PASSWORD, owner);
    expect(reset.status, reset.text).toBe(200);

    await expectSquatterLockedOut(email, squatter);

    // The owner's password opens the account, without the squatter's second factor.
    const signedIn = await owner.post('/api/auth/sign-in/email', { email, password: OWNER_PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    expect(signedIn.body.user).toMatchObject({ id: squatter.id, emailVerified: true, twoFactorEnabled: false });
    // A verified address changes only with its owner's approval: never at once.
    expect((await owner.post('/api/auth/change-email', { newEmail: 'elsewhere@example.com' })).status).toBe(200);
    expect((await selectRows(suite.context, 'user', ['email'], { id: squatter.id }))[0]!.email).toBe(email);

    const [told] = mails(email, CLAIMED_SUBJECT);
    expect(told!.text).toContain('- 1 passkey\n');
    expect(told!.text).toContain('- 1 API key\n');
    expect(told!.text).toContain('- two-factor sign-in, with its backup codes\n');
    expect(told!.text).toContain('- 1 trusted device\n');
    expect(told!.text).toContain('- every session: each browser and device was signed out');
    expect(told!.text).not.toContain('- the password');
    expect(await claimEvents(squatter.id)).toEqual([
      expect.objectContaining({ outcome: 'success', actorId: squatter.id }),
    ]);
    const details = JSON.parse((await claimEvents(squatter.id))[0]!.details!);
    expect(details).toMatchObject({ proof: 'reset', passkeys: 1, apiKeys: 1, twoFactor: true, trustedDevices: 1 });
  });

  it("lets the address's owner take the account whole with its verification link, the squatter's password too", async () => {
    const email = 'pre-hijacked-link@example.com';
    const squatter = await squat(email);
    // The squatter has a verification link mailed (to the owner's inbox), hoping it gets clicked.
    const sent = await squatter.client.post('/api/auth/send-verification-email', { email, callbackURL: '/profile' });
    expect(sent.status, sent.text).toBe(200);

    // The mail says what its link does beyond verifying the address.
    const [verification] = mails(email, 'Verify your email address');
    expect(verification!.text).toContain('Opened anywhere else, it also signs out every session and removes');
    const owner = new TestClient(app());
    const verified = await owner.get(link(email, 'Verify your email address'));
    expect(verified.status, verified.text).toBe(302);

    await expectSquatterLockedOut(email, squatter);
    expect((await selectRows(suite.context, 'account', ['providerId'], { userId: squatter.id })).length).toBe(0);

    const [told] = mails(email, CLAIMED_SUBJECT);
    expect(told!.text).toContain('- the password\n');
    expect(told!.links[0]).toBe(`${TEST_ORIGIN}/forgot-password`);
    // The owner chooses a password of their own through a reset.
    expect((await resetFromInbox(email, OWNER_PASSWORD, owner)).status).toBe(200);
    expect(
      (await new TestClient(app()).post('/api/auth/sign-in/email', { email, password: OWNER_PASSWORD })).status,
    ).toBe(200);
    const events = await claimEvents(squatter.id);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.details!)).toMatchObject({ proof: 'verification', password: true, passkeys: 1 });
  });

  it('keeps everything of a person who verifies their own address in the browser they signed up in', async () => {
    const email = 'own-address@example.com';
    const { client, id } = await signUp(app(), { email, password: OWNER_PASSWORD });
    const passkey = new SoftwarePasskey();
    expect((await passkey.register(client)).status).toBe(200);
    const key = (await client.post('/api/auth/api-key/create', { name: 'mine', expiresIn: 86400 })).body.key as string;
    expect((await client.post('/api/auth/send-verification-email', { email, callbackURL: '/profile' })).status).toBe(
      200,
    );
    expect((await client.get(link(email, 'Verify your email address'))).status).toBe(302);

    expect((await client.get('/api/auth/get-session')).body?.user).toMatchObject({ id, emailVerified: true });
    expect((await passkey.signIn(new TestClient(app()))).status).toBe(200);
    expect((await new TestClient(app()).get('/api/v1/me', { 'x-api-key': key })).status).toBe(200);
    expect(
      (await new TestClient(app()).post('/api/auth/sign-in/email', { email, password: OWNER_PASSWORD })).status,
    ).toBe(200);
    expect(mails(email, CLAIMED_SUBJECT)).toEqual([]);
    expect(await claimEvents(id)).toEqual([]);
  });

  it('removes nothing when a verified account resets its password, beyond its sessions', async () => {
    const email = 'verified-reset@example.com';
    const { client, id } = await signUp(app(), { email, password: OWNER_PASSWORD });
    const passkey = new SoftwarePasskey();
    expect((await passkey.register(client)).status).toBe(200);
    await (await suite.context.auth.$context).internalAdapter.updateUser(id, { emailVerified: true });

    expect((await resetFromInbox(email, 'new-password-1')).status).toBe(200);
    expect((await passkey.signIn(new TestClient(app()))).status).toBe(200);
    expect(mails(email, CLAIMED_SUBJECT)).toEqual([]);
    expect(await claimEvents(id)).toEqual([]);
  });
});

describe('ASVS V6 authentication: a pre-hijacked account with Redis', () => {
  const instances = sharedInstancesPerSuite('postgres');

  it('ends on every instance the sessions and ways in the squatter set up on another', async () => {
    const email = 'pre-hijacked-redis@example.com';
    const onFirst = claimSteps(() => instances.first);
    const squatter = await onFirst.squat(email);
    const reset = await claimSteps(() => instances.second).resetFromInbox(email, OWNER_PASSWORD);
    expect(reset.status, reset.text).toBe(200);
    await onFirst.expectSquatterLockedOut(email, squatter);
  });
});
