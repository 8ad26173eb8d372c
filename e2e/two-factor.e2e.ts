import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { totpCode, wrongCode } from '#test/totp';
import { seriousViolations } from './support/axe';
import { expectPath, toasts, useBrowser, type BrowserFixture } from './support/browser';
import { confirmation } from './support/confirmation';
import { enableTwoFactorByApi } from './support/two-factor';
import type { TestUser } from './support/users';

const CARD = 'section[aria-labelledby="card-two-factor-authentication"]';

/** Signs out from the shell and back in with the password, up to the page that follows it. */
async function signOutAndIn(t: BrowserFixture, user: TestUser) {
  const { page } = t;
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('two-factor authentication', () => {
  const t = useBrowser();

  it('turns on from the profile: password, setup key, a first code, then ten backup codes shown once', async () => {
    const user = await t.openAsNewUser('totp-on', '/profile', 'Two-factor authentication');
    const { page } = t;
    const card = page.locator(CARD);
    t.expectRefusal(400, '/api/auth/two-factor/enable'); // the wrong password
    t.expectRefusal(401, '/api/auth/two-factor/verify-totp'); // the wrong code
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Turn on two-factor' }).click();

    const password = card.getByLabel('Current password');
    await password.fill('not-my-password');
    await card.getByRole('button', { name: 'Continue' }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Invalid password');
    expect(await password.inputValue()).toBe('not-my-password');
    await password.fill(user.password);
    await card.getByRole('button', { name: 'Continue' }).click();

    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await card.getByLabel('Setup key', { exact: true }).inputValue()).replace(/ /g, '');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(await seriousViolations(page, CARD)).toEqual([]);

    const code = card.getByLabel('6-digit code');
    await code.fill('12');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await code.fill(wrongCode(secret));
    await card.getByRole('button', { name: 'Confirm' }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Invalid code');
    await code.fill(totpCode(secret));
    await card.getByRole('button', { name: 'Confirm' }).click();

    await card.getByText('Two-factor authentication is on.').waitFor();
    await card.getByText("Save these backup codes now - you won't be able to see them again!").waitFor();
    const codes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const backupCode of codes) expect(backupCode).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(await seriousViolations(page, CARD)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('gatehouse-backup-codes.txt');
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    for (const backupCode of codes) expect(saved).toContain(backupCode);
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseURL });
    await card.getByRole('button', { name: 'Copy backup codes' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

    await card.getByRole('button', { name: 'I saved them' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    expect(await card.getByRole('list', { name: 'Backup codes' }).count()).toBe(0);
  });

  it('asks for the code after the password: a wrong code says so, the right one opens the profile', async () => {
    const user = await t.signInAsNewUser('totp-in');
    const { secret, backupCodes } = await enableTwoFactorByApi(t, user);
    const { page } = t;
    await page.goto('/profile');
    t.expectRefusal(401, '/api/auth/two-factor/verify-totp'); // the wrong code
    t.expectRefusal(401, '/api/auth/two-factor/verify-backup-code'); // the used backup code
    await signOutAndIn(t, user);

    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // No session yet: the profile sends the visitor back.
    const session = await page.evaluate(() => fetch('/api/auth/get-session').then((response) => response.json()));
    expect(session).toBeNull();
    await page.getByLabel('Authentication code').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid code');
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);

    // A backup code instead, once.
    await signOutAndIn(t, user);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/profile');
    await signOutAndIn(t, user);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid backup code');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  });

  it('skips the code for 30 days on a device the person trusts', async () => {
    const user = await t.signInAsNewUser('totp-trust');
    const { secret } = await enableTwoFactorByApi(t, user);
    const { page } = t;
    await page.goto('/profile');
    await signOutAndIn(t, user);
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByLabel('Trust this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPath(page, '/profile');

    await signOutAndIn(t, user);
    await expectPath(page, '/profile');
    expect(await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).count()).toBe(0);
  });

  it('makes new backup codes and turns off with the password; then the password alone signs in', async () => {
    const user = await t.signInAsNewUser('totp-off');
    const { backupCodes } = await enableTwoFactorByApi(t, user);
    const { page } = t;
    await page.goto('/profile');
    const card = page.locator(CARD);
    await card.getByText('On', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'New backup codes' }).click();
    await card.getByLabel('Current password').fill(user.password);
    await card.getByRole('button', { name: 'Make new codes' }).click();
    await card.getByRole('list', { name: 'Backup codes' }).waitFor();
    const renewed = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => backupCodes.includes(code))).toEqual([]);
    await card.getByRole('button', { name: 'I saved them' }).click();

    await card.getByRole('button', { name: 'Turn off two-factor' }).click();
    t.expectRefusal(400, '/api/auth/two-factor/disable'); // the wrong password
    await card.getByLabel('Current password').fill('not-my-password');
    await card.getByRole('button', { name: 'Turn off' }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Invalid password');
    await card.getByLabel('Current password').fill(user.password);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await toasts(page).getByText('Two-factor authentication is off').waitFor();
    await card.getByText('Off', { exact: true }).waitFor();

    await signOutAndIn(t, user);
    await expectPath(page, '/profile');
  });

  it('shows admins who has two-factor, and lets them reset it after confirmation', async () => {
    const user = await t.signInAsNewUser('totp-admin');
    await enableTwoFactorByApi(t, user);
    await t.context.clearCookies();
    await t.signInAsAdmin();
    const { page } = t;
    await page.goto(`/admin/users?search=${encodeURIComponent(user.email)}`);
    const row = page.getByTestId('user-row');
    await row.getByText('Two-factor', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Reset two-factor of ${user.email}` }).click();
    const asked = await confirmation(page, 'Reset two-factor authentication');
    expect(asked.question).toBe(
      `Turn off two-factor authentication for ${user.email} and sign them out everywhere? They will sign in with their password alone until they turn it on again.`,
    );
    expect(asked.focused).toBe('Cancel');
    await asked.cancel();
    expect(await row.getByText('Two-factor', { exact: true }).count()).toBe(1);

    await row.getByRole('button', { name: `Reset two-factor of ${user.email}` }).click();
    await (await confirmation(page, 'Reset two-factor authentication')).confirm('Reset');
    await toasts(page).getByText('Two-factor authentication reset').waitFor();
    await expect.poll(() => row.getByText('Two-factor', { exact: true }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Reset two-factor of ${user.email}` }).count()).toBe(0);
  });
});
