import { describe, expect, it } from 'vitest';
import { totpCode } from '#test/totp';
import { enableTwoFactorByApi } from './support/two-factor';
import { seriousViolations } from './support/axe';
import { expectPath, useBrowser, type BrowserFixture } from './support/browser';
import { waitForMail } from './support/mailbox';
import { createUser, newUser, signInContext, type TestUser } from './support/users';

const LINK_MAIL = /^Your Gatehouse sign-in link$/;
const CODE_MAIL = /^Your Gatehouse sign-in code$/;

/** A new user whose address is verified (signing in by mail to an unverified one claims it). */
async function verifiedUser(t: BrowserFixture, prefix: string): Promise<TestUser> {
  const user = await createUser(t.baseURL, newUser(prefix));
  await signInContext(t.context, t.baseURL, user);
  const sent = await t.context.request.post(`${t.baseURL}/api/auth/send-verification-email`, {
    data: { email: user.email },
    headers: { origin: t.baseURL },
  });
  expect(sent.status()).toBe(200);
  await t.page.goto((await waitForMail(t.baseURL, user.email, /Verify your email/)).links[0]!);
  await expectPath(t.page, '/profile');
  await t.context.clearCookies();
  return user;
}

/** On /auth, signed out: asks for a link or a code for `email` as a person does. */
async function askByMail(t: BrowserFixture, button: 'Email me a sign-in link' | 'Email me a code', email: string) {
  const { page } = t;
  await page.goto('/auth');
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  // The ways by mail are asked for once the person starts using the screen.
  await page.getByLabel('Email', { exact: true }).click();
  await page.getByRole('button', { name: button }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('status').getByText(`If an account uses ${email}`).waitFor();
}

describe('sign-in by mail', () => {
  const t = useBrowser();

  it('signs in by the mailed link, once: the link again says why on /auth', async () => {
    const user = await verifiedUser(t, 'mail-link');
    await askByMail(t, 'Email me a sign-in link', user.email);
    const mail = await waitForMail(t.baseURL, user.email, LINK_MAIL);
    await t.page.goto(mail.links[0]!);
    await expectPath(t.page, '/profile');

    // Another browser with the same link: already used.
    await t.context.clearCookies();
    await t.page.goto(mail.links[0]!);
    await expectPath(t.page, '/auth');
    await t.page
      .getByRole('alert')
      .getByText('This sign-in link has expired or was already used. Ask for a new one.')
      .waitFor();
    expect(new URL(t.page.url()).searchParams.has('error')).toBe(false);
  });

  it('signs in by the mailed code, after saying a wrong one is wrong', async () => {
    const user = await verifiedUser(t, 'mail-code');
    await askByMail(t, 'Email me a code', user.email);
    const mail = await waitForMail(t.baseURL, user.email, CODE_MAIL);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const field = t.page.getByLabel('Sign-in code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await seriousViolations(t.page)).toEqual([]);

    t.expectRefusal(400, '/api/auth/sign-in/email-otp');
    await field.fill(code === '000000' ? '111111' : '000000');
    await t.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await t.page
      .getByRole('alert')
      .getByText('This code is not right, or no longer works. Check the email and type it again, or ask for a new one.')
      .waitFor();
    await field.fill(code);
    await t.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(t.page, '/profile');
  });

  it('asks for the second factor after a mailed link', async () => {
    const user = await verifiedUser(t, 'mail-second');
    await signInContext(t.context, t.baseURL, user);
    const { secret } = await enableTwoFactorByApi(t, user);
    await t.context.clearCookies();

    await askByMail(t, 'Email me a sign-in link', user.email);
    await t.page.goto((await waitForMail(t.baseURL, user.email, LINK_MAIL)).links[0]!);
    await expectPath(t.page, '/auth');
    await t.page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await t.page.getByLabel('Authentication code').fill(totpCode(secret));
    await t.page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(t.page, '/profile');
  });
});
