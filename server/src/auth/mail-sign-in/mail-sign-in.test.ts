import { describe, expect, it } from 'vitest';
import { MAIL_SIGN_IN_LIMITS, SIGN_IN_CODE_ATTEMPTS } from '#common/mail-sign-in';
import { signUp, verifyEmail, withTestContext } from '#test/accounts';
import { AUTH_PAGE, CLAIM_SUBJECT, CODE_SUBJECT, LINK_SUBJECT, mailFlow, PROFILE } from '#test/mail-sign-in';
import { contextPerSuite } from '#test/suite';
import { ENGINES, TEST_ORIGIN, type TestContext } from '#test/test-context';
import { guestWithWork, membersOf, NONE, rowsOf } from '#test/fixtures/guest-upgrade';
import { totpCode } from '#test/totp';
import { enableTwoFactor, SESSION_COOKIE, TRUST_DEVICE_COOKIE, TWO_FACTOR_COOKIE } from '#test/two-factor';

/** An account whose address is verified (a mail sign-in into an unverified one claims it). */
async function verifiedAccount(context: TestContext, email: string, name?: string) {
  const account = await signUp(context.app, { email, ...(name ? { name } : {}) });
  await verifyEmail(context, account.client, email);
  return account;
}

/** The audit trail's sign-ins by a mailed link, newest last. */
async function linkSignIns(context: TestContext) {
  await context.audit.flush();
  const rows = await context.database.db
    .selectFrom('auditEvent')
    .select(['outcome', 'targetUserId', 'details'])
    .where('action', '=', 'user.sign_in' as never)
    .execute();
  return rows
    .map((row) => ({ ...row, details: JSON.stringify(row.details) }))
    .filter((row) => row.details.includes('magic_link'));
}

const sessionsOf = async (context: TestContext, userId: string) =>
  (await context.database.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length;

describe.each(ENGINES)('sign-in by mail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: { EMAIL_SIGN_IN: 'link,code' } });
  const flow = mailFlow(() => suite.context);

  it('signs in by the mailed link, once: the link again lands on /auth with an error', async () => {
    const email = 'link@example.com';
    const { id } = await verifiedAccount(suite.context, email, 'Linda');
    const asked = await flow.askLink(email);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ status: true });
    const mail = await flow.newest(email, LINK_SUBJECT);
    expect(mail.text).toContain('Hello Linda,');
    expect(mail.text).toContain('works once, within 15 minutes');
    const path = await flow.linkOf(email);
    expect(path).toMatch(/^\/api\/auth\/magic-link\/verify\?token=[A-Za-z]{32}&/);

    const browser = flow.client();
    const landed = await browser.get(path);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(PROFILE);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect((await browser.get('/api/auth/get-session')).body?.user).toMatchObject({ id, emailVerified: true });

    const again = flow.client();
    const replayed = await again.get(path);
    expect(replayed.status).toBe(302);
    const refused = new URL(replayed.headers.get('location')!);
    expect(`${refused.origin}${refused.pathname}`).toBe(AUTH_PAGE);
    expect(refused.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(again.cookie(SESSION_COOKIE)).toBeUndefined();

    // The audit trail tells the sign-in from the refused replay.
    const events = await linkSignIns(suite.context);
    expect(events.filter((event) => event.targetUserId === id).map((event) => event.outcome)).toEqual(['success']);
    expect(events.some((event) => event.outcome === 'failure' && event.details.includes('INVALID_TOKEN'))).toBe(true);
  });

  it('lands a banned account on /auth with the reason code, not on a bare error', async () => {
    const email = 'banned-link@example.com';
    const { id } = await verifiedAccount(suite.context, email);
    await suite.context.database.db
      .updateTable('user')
      .set({ banned: suite.context.database.engine === 'sqlite' ? (1 as never) : true })
      .where('id', '=', id)
      .execute();
    await flow.askLink(email);
    const browser = flow.client();
    const landed = await browser.get(await flow.linkOf(email));
    expect(landed.status).toBe(302);
    const page = new URL(landed.headers.get('location')!);
    expect(`${page.origin}${page.pathname}`).toBe(AUTH_PAGE);
    expect(page.searchParams.get('error')).toBe('BANNED_USER');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    // Recorded as the refusal it is, with the way in (the link names no account before its check).
    await suite.context.audit.flush();
    const events = await suite.context.database.db
      .selectFrom('auditEvent')
      .select(['outcome', 'details'])
      .where('action', '=', 'user.sign_in' as never)
      .execute();
    const refused = events.filter((event) => JSON.stringify(event.details).includes('BANNED_USER'));
    expect(refused.map((event) => event.outcome)).toEqual(['failure']);
    expect(JSON.stringify(refused[0]!.details)).toContain('magic_link');
  });

  it('keeps links and codes hashed: the table holds neither', async () => {
    const email = 'hashed@example.com';
    await signUp(suite.context.app, { email });
    await flow.askLink(email);
    await flow.askCode(email);
    const token = new URL(`${TEST_ORIGIN}${await flow.linkOf(email)}`).searchParams.get('token')!;
    const code = await flow.codeOf(email);
    const rows = await suite.context.database.db.selectFrom('verification').select(['identifier', 'value']).execute();
    const stored = rows.map((row) => `${row.identifier} ${row.value}`).join('\n');
    expect(stored).toContain(`sign-in-otp-${email}`);
    expect(stored).not.toContain(token);
    expect(stored).not.toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('signs in by the mailed code, once', async () => {
    const email = 'code@example.com';
    const { id } = await verifiedAccount(suite.context, email, 'Cody');
    const asked = await flow.askCode(email);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ success: true });
    const mail = await flow.newest(email, CODE_SUBJECT);
    expect(mail.text).toContain('works once, within 10 minutes');
    expect(mail.links[0]).toBe(AUTH_PAGE);
    const code = await flow.codeOf(email);

    const browser = flow.client();
    const signedIn = await flow.checkCode('Code@Example.com', code, browser);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect((await browser.get('/api/auth/get-session')).body?.user).toMatchObject({ id });

    const replayed = await flow.checkCode(email, code);
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('INVALID_OTP');
  });

  it('lets one of two uses at the same moment through, link and code alike', async () => {
    const email = 'race@example.com';
    const { id } = await verifiedAccount(suite.context, email);
    await flow.askLink(email);
    const path = await flow.linkOf(email);
    const before = await sessionsOf(suite.context, id);
    const browsers = [flow.client(), flow.client()];
    const landed = await Promise.all(browsers.map((browser) => browser.get(path)));
    const signedIn = landed.filter((response) => response.headers.get('location') === PROFILE);
    expect(signedIn).toHaveLength(1);
    expect(browsers.filter((browser) => browser.cookie(SESSION_COOKIE))).toHaveLength(1);

    await flow.askCode(email);
    const code = await flow.codeOf(email);
    const checked = await Promise.all([flow.checkCode(email, code), flow.checkCode(email, code)]);
    expect(checked.map((response) => response.status).sort()).toEqual([200, 400]);
    expect(await sessionsOf(suite.context, id)).toBe(before + 2);
  });

  it('refuses an expired link and an expired code', async () => {
    const email = 'expired@example.com';
    await signUp(suite.context.app, { email });
    await flow.askLink(email);
    await flow.askCode(email);
    const path = await flow.linkOf(email);
    const code = await flow.codeOf(email);
    const past = new Date(Date.now() - 1000);
    await suite.context.database.db
      .updateTable('verification')
      .set({ expiresAt: suite.context.database.engine === 'sqlite' ? past.toISOString() : (past as never) })
      .where((where) =>
        where.or([where('identifier', 'like', 'magic-link:%'), where('identifier', '=', `sign-in-otp-${email}`)]),
      )
      .execute();
    const landed = await flow.client().get(path);
    expect(new URL(landed.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    const checked = await flow.checkCode(email, code);
    expect(checked.status).toBe(400);
    // The answer to any wrong code: an expired one must not tell that the address has an account.
    expect(checked.body.code).toBe('INVALID_OTP');
  });

  it(`ends a code after ${SIGN_IN_CODE_ATTEMPTS} wrong tries: the right one then fails too`, async () => {
    const email = 'wrong@example.com';
    const { id } = await signUp(suite.context.app, { email });
    await flow.askCode(email);
    const code = await flow.codeOf(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < SIGN_IN_CODE_ATTEMPTS; attempt += 1) {
      const checked = await flow.checkCode(email, wrong);
      expect(checked.status).toBe(400);
      expect(checked.body.code).toBe('INVALID_OTP');
    }
    const right = await flow.checkCode(email, code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('INVALID_OTP');
    expect(right.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    expect((await flow.checkCode(email, code)).body.code).toBe('INVALID_OTP');
    // Each wrong code is filed under the account it was tried on, as a wrong password is.
    await suite.context.auth.settle();
    const tried = await suite.context.database.db
      .selectFrom('auditEvent')
      .select('outcome')
      .where('action', '=', 'user.sign_in')
      .where('targetUserId', '=', id)
      .execute();
    expect(tried.filter((event) => event.outcome === 'failure').length).toBeGreaterThanOrEqual(SIGN_IN_CODE_ATTEMPTS);
  });

  it('answers wrong codes for a known and an unknown address alike, past the tries a code allows', async () => {
    const known = 'tries-known@example.com';
    await signUp(suite.context.app, { email: known });
    const answers = async (email: string) => {
      await flow.askCode(email);
      const seen: string[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_CODE_ATTEMPTS; attempt += 1) {
        const checked = await flow.checkCode(email, '000000');
        seen.push(`${checked.status} ${checked.text}`);
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown).toEqual(await answers('tries-nobody@example.com'));
    expect(new Set(forKnown).size).toBe(1);
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = 'known-mail@example.com';
    const unknown = 'nobody-mail@example.com';
    await signUp(suite.context.app, { email: known });
    for (const ask of [flow.askLink, flow.askCode]) {
      const [a, b] = [await ask(known), await ask(unknown)];
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.text).toBe(b.text);
      expect(a.headers.get('set-cookie')).toBe(b.headers.get('set-cookie'));
    }
    await flow.newest(known, CODE_SUBJECT);
    await flow.newest(known, LINK_SUBJECT);
    expect(suite.context.mailer.outbox!.list(unknown)).toEqual([]);
    // No account is made by mail: a code for the unknown address signs nobody in.
    const refused = await flow.checkCode(unknown, '123456');
    expect(refused.status).toBe(400);
    expect(
      await suite.context.database.db.selectFrom('user').where('email', '=', unknown).select('id').execute(),
    ).toEqual([]);
  });

  it("sends nothing for a guest's made-up address, and answers as for any other", async () => {
    const guest = flow.client();
    const email = (await guest.post('/api/auth/sign-in/anonymous')).body.user.email as string;
    const asked = await flow.askCode(email);
    expect(asked.text).toBe((await flow.askCode('another-nobody@example.com')).text);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(suite.context.mailer.outbox!.list(email)).toEqual([]);
  });

  it('sends codes for signing in only', async () => {
    await signUp(suite.context.app, { email: 'types@example.com' });
    for (const type of ['email-verification', 'forget-password', 'change-email', 42, null]) {
      const asked = await flow.askCode('types@example.com', flow.client(), type);
      expect(asked.status, String(type)).toBe(400);
    }
    expect((await flow.askCode('types@example.com', flow.client(), 'email-verification')).body.code).toBe(
      'MAIL_CODE_FOR_SIGN_IN_ONLY',
    );
    for (const path of ['/api/auth/email-otp/verify-email', '/api/auth/email-otp/reset-password']) {
      expect((await flow.client().post(path, { email: 'types@example.com', otp: '123456' })).status).toBe(404);
    }
  });

  it('asks for the second factor after a link and after a code; a trusted device skips it', async () => {
    const email = 'second@example.com';
    const { client: owner, id } = await verifiedAccount(suite.context, email);
    const { secret } = await enableTwoFactor(owner);
    const before = await sessionsOf(suite.context, id);

    // The code: JSON, as the password step answers.
    await flow.askCode(email);
    const browser = flow.client();
    const checked = await flow.checkCode(email, await flow.codeOf(email), browser);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(browser.cookie(TWO_FACTOR_COOKIE)).toBeDefined();
    expect(await sessionsOf(suite.context, id)).toBe(before);
    const verified = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(secret),
      trustDevice: true,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect(browser.cookie(TRUST_DEVICE_COOKIE)).toBeDefined();

    // The link: a redirect to the console's second step.
    await flow.askLink(email);
    const other = flow.client();
    const landed = await other.get(await flow.linkOf(email));
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(`${TEST_ORIGIN}/auth?step=second-factor`);
    expect(other.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(other.cookie(TWO_FACTOR_COOKIE)).toBeDefined();
    expect(await sessionsOf(suite.context, id)).toBe(before + 1);
    // Recorded as pending, as a right password whose code is due (the account is named once it completes).
    expect((await linkSignIns(suite.context)).map((event) => event.outcome)).toContain('pending');

    // The trusted browser, signed out, signs in by a link with no second step.
    await browser.post('/api/auth/sign-out');
    await flow.askLink(email);
    const trusted = await browser.get(await flow.linkOf(email, 2));
    expect(trusted.headers.get('location')).toBe(PROFILE);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
  });

  it("moves a guest's work through a link only into the browser of the guest who asked for it", async () => {
    // Someone asks a link to their own account, and a guest's browser is made to open it.
    const intruder = 'link-intruder@example.com';
    const { id: intruderId } = await verifiedAccount(suite.context, intruder);
    const victim = await guestWithWork(suite.context.app, 'Lured');
    await flow.askLink(intruder);
    const lured = await victim.client.get(await flow.linkOf(intruder));
    expect(lured.status).toBe(302);
    expect(new URL(lured.headers.get('location')!).searchParams.get('error')).toBe('GUEST_LINK_ASKED_ELSEWHERE');
    expect((await victim.client.get('/api/auth/get-session')).body?.user.id).toBe(victim.id);
    expect(await membersOf(suite.context, victim.organizationId)).toEqual([{ userId: victim.id, role: 'owner' }]);
    expect(await sessionsOf(suite.context, intruderId)).toBe(1);

    // The guest who asked for a link to their own account, in their own browser: the work follows.
    const owner = 'link-owner@example.com';
    const { id: ownerId } = await verifiedAccount(suite.context, owner);
    const guest = await guestWithWork(suite.context.app, 'Asked');
    await flow.askLink(owner, guest.client);
    const followed = await guest.client.get(await flow.linkOf(owner));
    expect(followed.headers.get('location')).toBe(PROFILE);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: ownerId, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);
  });

  it("keeps a guest's work through a sign-in by code, and through its second factor", async () => {
    const plain = 'guest-plain@example.com';
    const { id: plainId } = await verifiedAccount(suite.context, plain);
    const guest = await guestWithWork(suite.context.app, 'Mailed');
    await flow.askCode(plain);
    const signedIn = await flow.checkCode(plain, await flow.codeOf(plain), guest.client);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(await membersOf(suite.context, guest.organizationId)).toEqual([{ userId: plainId, role: 'owner' }]);
    expect(await rowsOf(suite.context, guest.id)).toEqual(NONE);

    const guarded = 'guest-second@example.com';
    const { client: owner, id: guardedId } = await verifiedAccount(suite.context, guarded);
    const { secret } = await enableTwoFactor(owner);
    const other = await guestWithWork(suite.context.app, 'Held');
    await flow.askCode(guarded);
    const held = await flow.checkCode(guarded, await flow.codeOf(guarded), other.client);
    expect(held.body).toMatchObject({ twoFactorRedirect: true });
    const before = await rowsOf(suite.context, other.id);
    expect(before).not.toEqual(NONE);
    const verified = await other.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(verified.status, verified.text).toBe(200);
    expect(await membersOf(suite.context, other.organizationId)).toEqual([{ userId: guardedId, role: 'owner' }]);
    expect(await rowsOf(suite.context, other.id)).toEqual(NONE);
  });

  it("takes an unverified account whole: what was set up before the proof goes, and its owner's told", async () => {
    const email = 'squatted@example.com';
    const { client: squatter, id } = await signUp(suite.context.app, { email, password: 'squatter-password-1' });
    const key = await squatter.post('/api/auth/api-key/create', { name: 'kept' });
    expect(key.status, key.text).toBe(200);
    await flow.askCode(email);
    const owner = flow.client();
    const signedIn = await flow.checkCode(email, await flow.codeOf(email), owner);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await owner.get('/api/auth/get-session')).body?.user).toMatchObject({ id, emailVerified: true });
    expect((await squatter.get('/api/auth/get-session')).body).toBeNull();
    const password = await flow.client().post('/api/auth/sign-in/email', { email, password: 'squatter-password-1' });
    expect(password.status).toBe(401);
    expect(
      await suite.context.database.db.selectFrom('apikey').where('referenceId', '=', id).select('id').execute(),
    ).toEqual([]);
    const mail = await flow.newest(email, CLAIM_SUBJECT);
    expect(mail.text).toContain('- 1 API key');
    expect(mail.text).toContain('by signing in with a link or code');
    expect(await sessionsOf(suite.context, id)).toBe(1);
  });
});

describe.each(ENGINES)('limits of sign-in by mail on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: { EMAIL_SIGN_IN: 'link,code', UNSAFE_DISABLE_RATE_LIMIT: 'false' } });
  // Better Auth counts per client address in one store for the whole process: an address of its own.
  const flow = mailFlow(() => suite.context, {
    'x-forwarded-for': engine === 'sqlite' ? '198.51.100.1' : '198.51.100.2',
  });

  it('limits the mails to one address, known or not, whatever the spelling', async () => {
    for (const email of ['flooded@example.com', 'flooded-nobody@example.com']) {
      if (email === 'flooded@example.com') await signUp(suite.context.app, { email });
      for (let sent = 0; sent < MAIL_SIGN_IN_LIMITS.sendsPerAddressPerHour; sent += 1) {
        const ask = sent % 2 === 0 ? flow.askLink : flow.askCode;
        expect((await ask(sent === 1 ? email.toUpperCase() : email)).status).toBe(200);
      }
      const refused = await flow.askCode(email);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await flow.askLink(email)).status).toBe(429);
    }
  });

  it('limits code checks per address, across codes', async () => {
    const email = 'checks@example.com';
    await signUp(suite.context.app, { email });
    for (let check = 0; check < MAIL_SIGN_IN_LIMITS.codeChecksPerAddressPerHour; check += 1) {
      const checked = await flow.checkCode(email, '000000');
      expect(checked.status, `${check} ${checked.text}`).not.toBe(429);
    }
    const refused = await flow.checkCode(email, '000000');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('limits of sign-in by mail per client address', () => {
  const suite = contextPerSuite('sqlite', {
    env: { EMAIL_SIGN_IN: 'code', UNSAFE_DISABLE_RATE_LIMIT: 'false' },
  });
  const flow = mailFlow(() => suite.context);
  const from = (ip: string) => {
    const client = flow.client();
    return (email: string) =>
      client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }, { 'x-forwarded-for': ip });
  };

  it('counts each client address apart: one busy address never stops another', async () => {
    const busy = from('203.0.113.7');
    for (let sent = 0; sent < MAIL_SIGN_IN_LIMITS.perClientPerMinute; sent += 1) {
      expect((await busy(`office-${sent}@example.com`)).status).toBe(200);
    }
    const refused = await busy('office-next@example.com');
    expect(refused.status).toBe(429);
    expect((await from('203.0.113.8')('office-next@example.com')).status).toBe(200);
  });
});

describe('sign-in by mail turned off', () => {
  it.each([
    ['off', 'link', 'code'],
    ['link', 'code'],
    ['code', 'link'],
  ])('with EMAIL_SIGN_IN=%s, answers 404 for what is off', async (mode, ...off) => {
    await withTestContext('sqlite', { env: { EMAIL_SIGN_IN: mode } }, async (context) => {
      const flow = mailFlow(() => context);
      const options = await flow.client().get('/api/v1/sign-in-options');
      expect(options.body).toEqual({
        data: { providers: [], emailSignIn: { link: mode === 'link', code: mode === 'code' } },
      });
      if (off.includes('link')) {
        expect((await flow.askLink('a@example.com')).status).toBe(404);
        expect((await flow.client().get('/api/auth/magic-link/verify?token=abc')).status).toBe(404);
      }
      if (off.includes('code')) {
        expect((await flow.askCode('a@example.com')).status).toBe(404);
        expect((await flow.checkCode('a@example.com', '123456')).status).toBe(404);
      }
    });
  });
});
