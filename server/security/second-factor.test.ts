import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#common/error-codes';
import { CODE_ATTEMPTS_BEFORE_LOCK } from '../src/auth/two-factor/code-lock';
import { signUp, verifyEmail } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { totpCode, wrongCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE, TRUST_DEVICE_COOKIE } from '#test/two-factor';
import { admin } from './support/principals';

const PASSWORD = 'user-password-1';
const NEW_PASSWORD = 'user-password-2';
const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';

/** The second step of a sign-in, attacked: a code replayed, a trusted device kept, codes sent at once. */
describe.each(ENGINES)('ASVS V6 authentication: the second factor on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let counter = 0;

  /**
   * A new account with its address proven (a reset of an unproven one claims it whole, second factor
   * included) and two-factor on, and its owner's browser.
   */
  async function account(label: string) {
    counter += 1;
    const email = `${label}-${counter}@example.com`;
    const { client, id } = await signUp(suite.context.app, { email });
    await verifyEmail(suite.context, client, email);
    return { owner: client, id, email, ...(await enableTwoFactor(client)) };
  }
  /** A browser past the password of `email` (a pending sign-in), or signed in by a trusted device. */
  async function pastPassword(email: string, browser = new TestClient(suite.context.app), password = PASSWORD) {
    const response = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(response.status, response.text).toBe(200);
    return { browser, challenged: response.body.twoFactorRedirect === true };
  }

  it('refuses a code already used, on a second sign-in, and an earlier step code after it', async () => {
    const { email, secret } = await account('replayed');
    const code = totpCode(secret);
    const first = await pastPassword(email);
    expect((await first.browser.post(VERIFY_TOTP, { code })).status).toBe(200);

    // The same code, seen over the owner's shoulder or in a phished page, on the attacker's sign-in.
    const second = await pastPassword(email);
    const replayed = await second.browser.post(VERIFY_TOTP, { code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('CODE_ALREADY_USED');
    const earlier = await second.browser.post(VERIFY_TOTP, { code: totpCode(secret, { offsetSteps: -1 }) });
    expect(earlier.status).toBe(401);
    expect(earlier.body.code).toBe('CODE_ALREADY_USED');
    expect(second.browser.cookie(SESSION_COOKIE)).toBeUndefined();
    // The next step's code is a new one: it signs in.
    const next = await second.browser.post(VERIFY_TOTP, { code: totpCode(secret, { offsetSteps: 1 }) });
    expect(next.status, next.text).toBe(200);
  });

  it('lets one of two sign-ins sent the same code at the same instant through, never both', async () => {
    const { email, secret } = await account('raced');
    const browsers = await Promise.all([pastPassword(email), pastPassword(email)]);
    const code = totpCode(secret);
    const answers = await Promise.all(browsers.map(({ browser }) => browser.post(VERIFY_TOTP, { code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(browsers.filter(({ browser }) => browser.cookie(SESSION_COOKIE)).length).toBe(1);
  });

  /** What ends the devices an account trusts, each done as it is done in the console or by an admin. */
  const endings: Array<[string, (person: Awaited<ReturnType<typeof account>>) => Promise<string | void>]> = [
    [
      'two-factor turned off and on again with a new secret',
      async ({ owner }) => {
        expect((await owner.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
        await enableTwoFactor(owner);
      },
    ],
    [
      "an admin's reset of two-factor, which the person then turns on again",
      async ({ id, email }) => {
        const root = await admin(suite.context, `Root ${counter}`);
        expect((await root.client.post(`/api/v1/admin/users/${id}/two-factor/reset`)).status).toBe(200);
        const again = await pastPassword(email);
        expect(again.challenged).toBe(false);
        await enableTwoFactor(again.browser);
      },
    ],
    [
      'a password change',
      async ({ owner }) => {
        const changed = await owner.post('/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: NEW_PASSWORD,
        });
        expect(changed.status, changed.text).toBe(200);
        return NEW_PASSWORD;
      },
    ],
    [
      'a password reset',
      async ({ email }) => {
        expect(
          (await new TestClient(suite.context.app).post('/api/auth/request-password-reset', { email })).status,
        ).toBe(200);
        const link = suite.context.mailer.outbox!.list(email).at(-1)!.links[0]!;
        const token = /\/reset-password\/([^/?]+)/.exec(link)![1];
        const reset = await new TestClient(suite.context.app).post('/api/auth/reset-password', {
          token,
          newPassword: NEW_PASSWORD,
        });
        expect(reset.status, reset.text).toBe(200);
        return NEW_PASSWORD;
      },
    ],
    [
      'a password set by an admin',
      async ({ id }) => {
        const root = await admin(suite.context, `Root ${counter}`);
        const set = await root.client.post('/api/auth/admin/set-user-password', {
          userId: id,
          newPassword: NEW_PASSWORD,
        });
        expect(set.status, set.text).toBe(200);
        return NEW_PASSWORD;
      },
    ],
  ];

  it.each(endings)('asks a trusted device for the code again after %s', async (_, end) => {
    const person = await account('trusting');
    const device = new TestClient(suite.context.app);
    await pastPassword(person.email, device);
    const trusted = await device.post(VERIFY_TOTP, { code: totpCode(person.secret), trustDevice: true });
    expect(trusted.status, trusted.text).toBe(200);
    await device.post('/api/auth/sign-out');
    // Trusted: the password alone signs in on this device.
    expect((await pastPassword(person.email, device)).challenged).toBe(false);
    await device.post('/api/auth/sign-out');
    expect(device.cookie(TRUST_DEVICE_COOKIE)).toBeDefined();

    const password = (await end(person)) ?? PASSWORD;

    const after = await pastPassword(person.email, device, password);
    expect(after.challenged).toBe(true);
    expect(device.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(device.cookie(TRUST_DEVICE_COOKIE)).toBeUndefined();
  });

  it('counts from none on an authenticator stored before the plugin kept a count', async () => {
    const { id, email, secret } = await account('uncounted');
    const db = suite.context.database.db;
    await db.updateTable('twoFactor').set({ failedVerificationCount: null }).where('userId', '=', id).execute();
    const { browser } = await pastPassword(email);
    expect((await browser.post(VERIFY_TOTP, { code: wrongCode(secret) })).body.code).toBe('INVALID_CODE');
    const row = await db.selectFrom('twoFactor').select('failedVerificationCount').where('userId', '=', id).execute();
    expect(row.map((counted) => Number(counted.failedVerificationCount))).toEqual([1]);
  });

  it(`checks no more than ${CODE_ATTEMPTS_BEFORE_LOCK} wrong codes sent at once on many pending sign-ins`, async () => {
    const { id, email, secret } = await account('flooded');
    const pending = await Promise.all(Array.from({ length: 30 }, () => pastPassword(email)));
    const wrong = wrongCode(secret);
    const answers = await Promise.all(
      pending.map(({ browser }) => browser.post<ApiErrorBody>(VERIFY_TOTP, { code: wrong })),
    );
    // A wrong code checked answers INVALID_CODE; one refused unchecked answers that the account is locked.
    const checked = answers.filter((answer) => answer.body?.code === 'INVALID_CODE').length;
    expect(checked).toBeLessThanOrEqual(CODE_ATTEMPTS_BEFORE_LOCK);
    expect(answers.every((answer) => ['INVALID_CODE', 'ACCOUNT_TEMPORARILY_LOCKED'].includes(answer.body?.code))).toBe(
      true,
    );
    const row = await suite.context.database.db
      .selectFrom('twoFactor')
      .select(['failedVerificationCount', 'lockedUntil'])
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.failedVerificationCount)).toBeLessThanOrEqual(CODE_ATTEMPTS_BEFORE_LOCK);
    expect(row.lockedUntil).toBeTruthy();

    // Locked: even the right code on a new sign-in is not checked, and says when to try again.
    const late = await (await pastPassword(email)).browser.post(VERIFY_TOTP, { code: totpCode(secret) });
    expect(late.status).toBe(429);
    expect(late.body.code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
