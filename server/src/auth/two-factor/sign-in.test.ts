import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { totpCode, wrongCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE, TRUST_DEVICE_COOKIE, TWO_FACTOR_COOKIE } from '#test/two-factor';

const PASSWORD = 'user-password-1';

/** Signing in to an account with two-factor on: the password opens a second step, never a session. */
describe.each(ENGINES)('two-factor sign-in on %s', (engine) => {
  const suite = contextPerSuite(engine);

  /** An account with two-factor on, signed out everywhere but its owner's first browser. */
  async function account(email: string) {
    const { client, id } = await signUp(suite.context.app, { email });
    return { owner: client, id, email, ...(await enableTwoFactor(client)) };
  }
  const sessionsOf = async (userId: string) =>
    (await suite.context.database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

  /** A new browser past the password: it holds the challenge cookie and nothing else. */
  async function pastPassword(email: string, browser = new TestClient(suite.context.app)) {
    const response = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.status, response.text).toBe(200);
    return { browser, response };
  }

  it('answers a correct password with a second step and no session until the code is right', async () => {
    const { id, email, secret } = await account('challenged@example.com');
    const before = await sessionsOf(id);
    const { browser, response } = await pastPassword(email);
    expect(response.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(browser.cookie(TWO_FACTOR_COOKIE)).toBeDefined();
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
    expect((await browser.get('/api/v1/me')).status).toBe(401);
    expect(await sessionsOf(id)).toBe(before);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await sessionsOf(id)).toBe(before);

    const right = await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(right.status).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect(browser.cookie(TWO_FACTOR_COOKIE)).toBeUndefined();
    expect((await browser.get('/api/auth/get-session')).body?.user).toMatchObject({ id, twoFactorEnabled: true });
    expect(await sessionsOf(id)).toBe(before + 1);
  });

  it('ends a challenge after five wrong codes: even the right one then needs the password again', async () => {
    const { email, secret } = await account('guessed@example.com');
    const { browser } = await pastPassword(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    }
    const late = await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('takes a backup code instead of a code, each one once', async () => {
    const { email, backupCodes } = await account('backup@example.com');
    const first = await pastPassword(email);
    const used = await first.browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect(first.browser.cookie(SESSION_COOKIE)).toBeDefined();

    const second = await pastPassword(email);
    const replayed = await second.browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('INVALID_BACKUP_CODE');
    expect(second.browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(
      (await second.browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status,
    ).toBe(200);
  });

  it('skips the code on a device trusted for 30 days, and only there, and only for that account', async () => {
    const { email, secret } = await account('trusting@example.com');
    const { browser } = await pastPassword(email);
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
      trustDevice: true,
    });
    expect(verified.status).toBe(200);
    const trust = verified.headers.getSetCookie().find((cookie) => cookie.startsWith(`${TRUST_DEVICE_COOKIE}=`));
    expect(trust).toMatch(/Max-Age=2592000/i);
    expect(trust).toMatch(/HttpOnly/i);

    await browser.post('/api/auth/sign-out');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    const again = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();

    // Another browser is asked for the code; the trusted cookie does not carry to another account.
    expect((await pastPassword(email)).response.body.twoFactorRedirect).toBe(true);
    const other = await account('other-trusting@example.com');
    const carried = new TestClient(suite.context.app);
    const planted = await carried.request('POST', '/api/auth/sign-in/email', {
      json: { email: other.email, password: PASSWORD },
      headers: { cookie: `${TRUST_DEVICE_COOKIE}=${browser.cookie(TRUST_DEVICE_COOKIE)}` },
    });
    expect(planted.body.twoFactorRedirect).toBe(true);
    expect(carried.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a code without a challenge, and one account's code on another's challenge", async () => {
    const alice = await account('alice-2fa@example.com');
    const bob = await account('bob-2fa@example.com');
    const stranger = new TestClient(suite.context.app);
    const noChallenge = await stranger.post('/api/auth/two-factor/verify-totp', { code: totpCode(alice.secret) });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.code).toBe('INVALID_TWO_FACTOR_COOKIE');

    const { browser } = await pastPassword(bob.email);
    const crossed = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(bob.secret) });
    expect(crossed.status).toBe(401);
    const aliceCode = await browser.post('/api/auth/two-factor/verify-backup-code', { code: alice.backupCodes[0] });
    expect(aliceCode.status).toBe(401);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('lets a verification link verify the address but not sign in past the second factor', async () => {
    /** The link mailed to an account's address, asked for by its signed-in owner. */
    const linkOf = async ({ owner, email }: Awaited<ReturnType<typeof account>>) => {
      await owner.post('/api/auth/send-verification-email', { email });
      const link = new URL(suite.context.mailer.outbox!.list(email)[0]!.links[0]!);
      return `${link.pathname}${link.search}`;
    };
    const opened = await account('link-visitor@example.com');
    const before = await sessionsOf(opened.id);
    const visitor = new TestClient(suite.context.app);
    expect((await visitor.get(await linkOf(opened))).status).toBe(302);
    expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await visitor.get('/api/auth/get-session')).body).toBeNull();
    // The address was unverified: its proof claims the account (decision 0057), so the sessions made
    // before it end and the second factor goes, and the visitor signs in only after choosing a password.
    expect(before).toBe(1);
    expect(await sessionsOf(opened.id)).toBe(0);
    expect((await opened.owner.get('/api/auth/get-session')).body).toBeNull();
    const verified = await (await suite.context.auth.$context).internalAdapter.findUserById(opened.id);
    expect(verified).toMatchObject({ emailVerified: true, twoFactorEnabled: false });

    // The owner following the link in their own signed-in browser stays signed in.
    const own = await account('link-owner@example.com');
    const token = own.owner.cookie(SESSION_COOKIE);
    expect((await own.owner.get(await linkOf(own))).status).toBe(302);
    expect(own.owner.cookie(SESSION_COOKIE)?.split('.')[0]).toBe(token?.split('.')[0]);
    expect((await own.owner.get('/api/auth/get-session')).body?.user).toMatchObject({
      id: own.id,
      emailVerified: true,
    });
  });

  it('refuses a foreign Origin, an API key and a guest on the set-up endpoints', async () => {
    const { client } = await signUp(suite.context.app, { email: 'forged-2fa@example.com' });
    const forged = await client.post(
      '/api/auth/two-factor/enable',
      { password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    const key = (await client.post('/api/auth/api-key/create', { name: 'script' })).body.key as string;
    const byKey = await new TestClient(suite.context.app).post(
      '/api/auth/two-factor/enable',
      { password: PASSWORD },
      { 'x-api-key': key },
    );
    expect(byKey.status).toBe(401);
    const guest = new TestClient(suite.context.app);
    expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
    const byGuest = await guest.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(byGuest.status).toBe(400);
    expect(byGuest.body.code).toBe('INVALID_PASSWORD');
    expect((await client.get('/api/auth/get-session')).body?.user.twoFactorEnabled).toBe(false);
    expect((await guest.get('/api/auth/get-session')).body?.user.twoFactorEnabled).toBe(false);
  });
});
