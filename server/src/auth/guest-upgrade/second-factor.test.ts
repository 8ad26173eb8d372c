import { describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { totpCode, wrongCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE, TWO_FACTOR_COOKIE } from '#test/two-factor';
import {
  allowFileMoves,
  guestWithWork,
  membersOf,
  NONE,
  PASSWORD,
  refuseFileMoves,
  rowsOf,
} from '#test/fixtures/guest-upgrade';

/** A guest signing in to an account with two-factor on keeps their work once the code is right. */
describe.each(ENGINES)('guest upgrade through a second factor on %s', (engine) => {
  const suite = contextPerSuite(engine);
  const sessionUser = async (client: TestClient) => (await client.get('/api/auth/get-session')).body?.user;

  async function twoFactorAccount(email: string) {
    const { client, id } = await signUp(suite.context.app, { email });
    return { id, email, ...(await enableTwoFactor(client)) };
  }
  const passwordStep = async (client: TestClient, email: string) => {
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.status, response.text).toBe(200);
    expect(response.body.twoFactorRedirect).toBe(true);
  };

  it('keeps the guest until the code is right, then moves its work and deletes it', async () => {
    const account = await twoFactorAccount('second-step@example.com');
    const guest = await guestWithWork(suite.context.app, 'Careful');
    const before = await rowsOf(suite.context, guest.id);

    await passwordStep(guest.client, account.email);
    expect(guest.client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);

    const wrong = await guest.client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(account.secret) });
    expect(wrong.status).toBe(401);
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);

    const right = await guest.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) });
    expect(right.status, right.text).toBe(200);
    expect(await sessionUser(guest.client)).toMatchObject({ id: account.id, image: guest.avatar.url });
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: account.id, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('does the same with a backup code', async () => {
    const account = await twoFactorAccount('backup-step@example.com');
    const guest = await guestWithWork(suite.context.app, 'Backup');
    await passwordStep(guest.client, account.email);
    const right = await guest.client.post('/api/auth/two-factor/verify-backup-code', { code: account.backupCodes[0] });
    expect(right.status, right.text).toBe(200);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: account.id, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('gives the guest its session back, with all of its work, when the move fails after the code', async () => {
    const account = await twoFactorAccount('failed-step@example.com');
    const guest = await guestWithWork(suite.context.app, 'Retry');
    const before = await rowsOf(suite.context, guest.id);
    const accountSessions = (await rowsOf(suite.context, account.id)).session;
    await passwordStep(guest.client, account.email);
    await refuseFileMoves(suite.context);
    try {
      const right = await guest.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) });
      expect(right.status, right.text).toBe(503);
      expect(right.body.code).toBe('GUEST_WORK_NOT_MOVED');
    } finally {
      await allowFileMoves(suite.context);
    }
    expect(await sessionUser(guest.client)).toMatchObject({ id: guest.id, isAnonymous: true });
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);
    expect((await rowsOf(suite.context, account.id)).session).toBe(accountSessions);
  });

  it("gives a guest's work only to the sign-in that began in the guest's browser", async () => {
    const victim = await twoFactorAccount('victim-step@example.com');
    const attacker = await twoFactorAccount('attacker-step@example.com');
    const guest = await guestWithWork(suite.context.app, 'Targeted');
    const before = await rowsOf(suite.context, guest.id);
    await passwordStep(guest.client, victim.email);

    // Another browser finishing its own two-factor sign-in, even with the guest's id in the body.
    const other = new TestClient(suite.context.app);
    await passwordStep(other, attacker.email);
    const finished = await other.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(attacker.secret),
      anonymousUserId: guest.id,
    });
    expect(finished.status, finished.text).toBe(200);
    expect(await rowsOf(suite.context, attacker.id)).toMatchObject({ member: 0, file: 0 });
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);

    // A pending sign-in's cookie is signed: one made up names no remembered guest.
    const forged = new TestClient(suite.context.app);
    const challenge = guest.client.cookie(TWO_FACTOR_COOKIE)!;
    const tampered = await forged.post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(attacker.secret) },
      { cookie: `${TWO_FACTOR_COOKIE}=${challenge.split('.')[0]}.forged` },
    );
    expect(tampered.status).toBe(401);
    expect(await rowsOf(suite.context, guest.id)).toEqual(before);

    const right = await guest.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(victim.secret) });
    expect(right.status, right.text).toBe(200);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: victim.id, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it('moves nothing for a sign-in with two-factor that did not start from a guest', async () => {
    const account = await twoFactorAccount('plain-step@example.com');
    const registered = await signUp(suite.context.app, { email: 'registered-step@example.com' });
    const before = await rowsOf(suite.context, registered.id);
    await passwordStep(registered.client, account.email);
    const right = await registered.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(account.secret) });
    expect(right.status, right.text).toBe(200);
    expect(await rowsOf(suite.context, registered.id)).toEqual(before);
    expect(await rowsOf(suite.context, account.id)).toMatchObject({ member: 0, file: 0 });
  });
});
