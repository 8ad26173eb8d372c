import { describe, expect, it } from 'vitest';
import { seriousViolations, violationsAt } from './support/axe';
import { expectPath, toasts, useBrowser } from './support/browser';
import { fieldError } from './support/fields';
import { waitForMail } from './support/mailbox';
import { createUser, newUser } from './support/users';

describe('change and reset password', () => {
  const t = useBrowser();

  it('changes the password on the profile: refusals keep the input, success mails the owner and signs out the other browser', async () => {
    const user = await t.signInAsNewUser('change');
    const elsewhere = await t.visitorSignedInAs(user);
    const { page } = t;
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Password' });
    const current = card.getByLabel('Current password');
    const fresh = card.getByLabel('New password', { exact: true });
    const confirm = card.getByLabel('Confirm new password');
    const submit = card.getByRole('button', { name: 'Change Password' });

    await current.fill(user.password);
    await fresh.fill('short');
    await confirm.fill('shorter');
    await submit.click();
    await expect.poll(() => fieldError(fresh)).toBe('Password must be at least 8 characters');
    await expect.poll(() => fieldError(confirm)).toBe('Passwords do not match');
    await fresh.fill(user.password);
    await confirm.fill(user.password);
    await submit.click();
    await expect.poll(() => fieldError(fresh)).toBe('The new password must be different from the current one');

    t.expectRefusal(400, '/api/auth/change-password'); // the wrong current password
    const newPassword = `${user.password}-new`;
    await current.fill('not-my-password');
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await card.getByRole('alert').getByText('The current password is incorrect').waitFor();
    expect([await current.inputValue(), await fresh.inputValue(), await confirm.inputValue()]).toEqual([
      'not-my-password',
      newPassword,
      newPassword,
    ]);

    await current.fill(user.password);
    await submit.click();
    await toasts(page).getByText('Password changed. Every other session has been signed out.').waitFor();
    await expect.poll(() => current.inputValue()).toBe('');
    expect(await card.getByRole('alert').count()).toBe(0);

    const mail = await waitForMail(t.baseURL, user.email, /^Your Gatehouse password was changed$/);
    expect(mail.text).toMatch(/was changed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail.links).toContain(`${t.baseURL}/forgot-password`);

    await elsewhere.page.goto('/profile');
    await expectPath(elsewhere.page, '/auth');
    await page.reload();
    await page.getByRole('region', { name: 'Password' }).waitFor();
  });

  it('resets a forgotten password from the sign-in screen through the mailed link, which works once', async () => {
    const user = await createUser(t.baseURL, newUser('forgot'));
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => fieldError(page.getByLabel('Email'))).toBe('Email is required');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`If an account exists for ${user.email}, we have sent it a link`).waitFor();

    const mail = await waitForMail(t.baseURL, user.email, /^Reset your Gatehouse password$/);
    expect(mail.text).toContain('works once, within 1 hour');
    const link = mail.links[0]!;
    await page.goto(link);
    await expectPath(page, '/reset-password');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = `${user.password}-reset`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => fieldError(page.getByLabel('Confirm new password'))).toBe('Passwords do not match');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await expectPath(page, '/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/profile');

    // Used once, the link is refused, and a new one is a click away (signed in or not).
    await page.goto(link);
    await expectPath(page, '/reset-password');
    await page.getByRole('alert').getByText('This password reset link is invalid').waitFor();
    expect(new URL(page.url()).searchParams.get('error')).toBe('INVALID_TOKEN');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expectPath(page, '/forgot-password');
  });

  it('lets a signed-in person who forgot their password reset it from the card, which signs this browser out too', async () => {
    const user = await t.signInAsNewUser('signed-in-reset');
    const { page } = t;
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Forgot your current password?' }).click();
    await expectPath(page, '/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await waitForMail(t.baseURL, user.email, /^Reset your Gatehouse password$/);
    await page.goto(mail.links[0]!);
    await page.getByLabel('New password', { exact: true }).fill(`${user.password}-2`);
    await page.getByLabel('Confirm new password').fill(`${user.password}-2`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('link', { name: 'Sign in with your new password' }).waitFor();
    await page.goto('/profile');
    await expectPath(page, '/auth');
  });

  it('offers an account without a password a link to set one', async () => {
    const { page, context } = t;
    await t.signInAsAdmin();
    const user = newUser('no-password');
    const post = (path: string, data: object) =>
      context.request.post(`${t.baseURL}/api/auth${path}`, { data, headers: { origin: t.baseURL } });
    const created = await post('/admin/create-user', { email: user.email, name: user.name, role: 'user' });
    expect(created.status()).toBe(200);
    const { user: made } = (await created.json()) as { user: { id: string } };
    expect(
      (await post('/admin/impersonate-user', { userId: made.id, reason: 'Helping them set a password' })).status(),
    ).toBe(200);

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Password' });
    await card.getByText('Your account has no password yet.').waitFor();
    expect(await card.getByLabel('Current password').count()).toBe(0);
    await card.getByRole('button', { name: 'Email me a link' }).click();
    await card.getByText(`The link is on its way to ${user.email}.`).waitFor();
    await waitForMail(t.baseURL, user.email, /^Reset your Gatehouse password$/);
  });

  it('has no serious accessibility violations on the password pages and the card', async () => {
    const { page } = t;
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(newUser('nobody').email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('button', { name: 'Use another address' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/reset-password?token=made-up');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const askAgain = page.getByRole('link', { name: 'Ask for a new link' });
    expect(await violationsAt(page, '/reset-password?error=INVALID_TOKEN', askAgain)).toEqual([]);

    await t.signInAsNewUser('a11y-password');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Password' });
    await card.getByRole('button', { name: 'Change Password' }).click();
    await card.getByText('Current password is required').waitFor();
    expect(await seriousViolations(page, '[aria-labelledby="card-password"]')).toEqual([]);
  });
});
