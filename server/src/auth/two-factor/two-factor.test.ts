import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_COUNT, TWO_FACTOR_ISSUER } from '#common/two-factor';
import { signIn, signUp } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { secretOf, totpCode, wrongCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE } from '#test/two-factor';

const PASSWORD = 'user-password-1';
const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** Turning two-factor on, confirming it, backup codes, turning it off: as the owner of the account. */
describe.each(ENGINES)('two-factor set-up on %s', (engine) => {
  const suite = contextPerSuite(engine);
  const twoFactorOf = async (client: Awaited<ReturnType<typeof signUp>>['client']) =>
    (await client.get('/api/auth/get-session')).body?.user.twoFactorEnabled;

  it('asks for the password, then is on only once a first code from the app is confirmed', async () => {
    const { client } = await signUp(suite.context.app, { email: 'setup@example.com' });
    expect(await twoFactorOf(client)).toBe(false);

    const refused = await client.post('/api/auth/two-factor/enable', { password: 'not-the-password' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_PASSWORD');

    const enabled = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const uri = new URL(enabled.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TWO_FACTOR_ISSUER}:setup@example.com`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: TWO_FACTOR_ISSUER,
      digits: '6',
      period: '30',
    });
    expect(enabled.body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    for (const code of enabled.body.backupCodes) expect(code).toMatch(BACKUP_CODE);
    // Not confirmed yet: still off, and a password alone still signs in.
    expect(await twoFactorOf(client)).toBe(false);
    expect((await signIn(suite.context.app, 'setup@example.com', PASSWORD)).cookie(SESSION_COOKIE)).toBeDefined();

    const secret = secretOf(enabled.body.totpURI);
    const wrong = await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');
    expect(await twoFactorOf(client)).toBe(false);

    const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(confirmed.status).toBe(200);
    // The session is replaced by one that knows two-factor is on; the person stays signed in.
    expect(await twoFactorOf(client)).toBe(true);
    expect((await client.post('/api/auth/two-factor/enable', { password: PASSWORD })).body.code).toBe(
      'TOTP_ALREADY_ENABLED',
    );
  });

  it('keeps the secret and the backup codes encrypted at rest', async () => {
    const { client, id } = await signUp(suite.context.app, { email: 'at-rest@example.com' });
    const { secret, backupCodes } = await enableTwoFactor(client);
    const row = await suite.context.database.db
      .selectFrom('twoFactor')
      .selectAll()
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();
    const stored = `${row.secret} ${row.backupCodes}`;
    expect(stored).not.toContain(secret);
    for (const code of backupCodes) expect(stored).not.toContain(code);
    expect(Boolean(row.verified)).toBe(true);
    // Nothing of it reaches the person's own session either.
    const session = (await client.get('/api/auth/get-session')).text;
    expect(session).not.toContain(row.secret);
    expect(session).not.toContain(secret);
  });

  it('makes ten new backup codes for the password, and the old ones stop working', async () => {
    const { client } = await signUp(suite.context.app, { email: 'codes@example.com' });
    const { backupCodes: old } = await enableTwoFactor(client);

    const refused = await client.post('/api/auth/two-factor/generate-backup-codes', { password: 'wrong-password-1' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_PASSWORD');

    const renewed = await client.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(renewed.status).toBe(200);
    expect(renewed.body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(renewed.body.backupCodes.filter((code: string) => old.includes(code))).toEqual([]);
    const replayed = await client.post('/api/auth/two-factor/verify-backup-code', { code: old[0] });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('INVALID_BACKUP_CODE');
  });

  it('turns off only with the password; then a password signs in alone again', async () => {
    const { client } = await signUp(suite.context.app, { email: 'off@example.com' });
    await enableTwoFactor(client);

    const refused = await client.post('/api/auth/two-factor/disable', { password: 'wrong-password-1' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_PASSWORD');
    expect(await twoFactorOf(client)).toBe(true);

    expect((await client.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect(await twoFactorOf(client)).toBe(false);
    const again = await signIn(suite.context.app, 'off@example.com', PASSWORD);
    expect(again.cookie(SESSION_COOKIE)).toBeDefined();
    const count = await suite.context.database.db
      .selectFrom('twoFactor')
      .innerJoin('user', 'user.id', 'twoFactor.userId')
      .where('user.email', '=', 'off@example.com')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it.each([
    ['enable with a number for the password', '/two-factor/enable', { password: 12345678 }],
    ['enable without a password', '/two-factor/enable', {}],
    ['enable with an unknown method', '/two-factor/enable', { password: PASSWORD, method: 'sms' }],
    ['verify-totp with a number for the code', '/two-factor/verify-totp', { code: 123456 }],
    ['verify-totp with a word for trustDevice', '/two-factor/verify-totp', { code: '123456', trustDevice: 'yes' }],
    ['verify-backup-code with an object for the code', '/two-factor/verify-backup-code', { code: {} }],
    ['generate-backup-codes with a list for the password', '/two-factor/generate-backup-codes', { password: [] }],
    ['disable with null for the password', '/two-factor/disable', { password: null }],
  ])('refuses %s with a 400, changing nothing', async (label, path, body) => {
    const { client } = await signUp(suite.context.app, { email: `${label.replace(/\W+/g, '-')}@example.com` });
    const response = await client.post(`/api/auth${path}`, body);
    expect(response.status, response.text).toBe(400);
    expect(await twoFactorOf(client)).toBe(false);
  });
});
