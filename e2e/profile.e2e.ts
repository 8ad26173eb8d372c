import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectPath, useBrowser, toasts } from './support/browser';
import { fieldError } from './support/fields';
import { waitForMail } from './support/mailbox';
import { createUser, newUser, signInContext } from './support/users';

describe('profile', () => {
  const t = useBrowser();

  const openProfile = (prefix: string) => t.openAsNewUser(prefix, '/profile', 'Profile Information');

  it('edits the name, renders markup in it as text, and cancels an edit', async () => {
    await openProfile('name');
    const { page } = t;
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    const markup = '<img src=x onerror=alert(1)>';
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(markup);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(markup);
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(markup);
    await toasts(t.page).getByText('Profile updated').waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('profile-name').textContent()).toBe(markup);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => fieldError(page.getByRole('textbox', { name: 'Name', exact: true })))
      .toBe('Name is required');
  });

  it('uploads an avatar and shows it in the top bar', async () => {
    await openProfile('avatar');
    const { page } = t;
    const file = path.join(await import('node:os').then((os) => os.tmpdir()), `avatar-${Date.now()}.png`);
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 220 } } })
      .png()
      .toFile(file);
    await page.getByLabel('Profile picture file').setInputFiles(file);
    const topBarImage = page.locator('header img');
    await topBarImage.waitFor();
    const src = await topBarImage.getAttribute('src');
    expect(src).toMatch(/\/api\/v1\/files\/[\w-]+$/);
    // The element is there before its picture has loaded: wait for the loaded picture's width.
    await expect
      .poll(() => topBarImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 'loading')))
      .toBe(256);
    await toasts(t.page).getByText('Profile picture updated').waitFor();
  });

  it('refuses a file that is not an image', async () => {
    await openProfile('notimage');
    const { page } = t;
    await page
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await page.getByRole('alert').textContent()).toBe('Please choose an image file');
  });

  it('says which status an upload failed with when nothing explains it, and keeps the picture', async () => {
    await openProfile('upload502');
    const { page } = t;
    t.expectRefusal(502, '/api/v1/files/upload'); // the stand-in proxy below
    // A proxy in front of the server that gives up: an empty answer with its status.
    await page.route('**/api/v1/files/upload', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByLabel('Profile picture file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
        .png()
        .toBuffer(),
    });
    expect(await page.getByRole('alert').textContent()).toBe('Upload failed: 502');
    expect(await page.locator('header img').count()).toBe(0);
  });

  it('sends a verification email and verifies through its link', async () => {
    const user = await openProfile('verify');
    const { page } = t;
    await page.getByText('Unverified').waitFor();
    await page.getByRole('button', { name: 'Send Verification' }).click();
    await toasts(t.page).getByText(`Verification email sent to ${user.email}.`).waitFor();

    const mail = await waitForMail(t.baseURL, user.email, /Verify your email address/);
    await page.goto(mail.links[0]!);
    await expectPath(page, '/profile');
    await page.getByText('Your email address is verified.').waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send Verification' }).count()).toBe(0);
  });

  it('changes an unverified email at once, with the message and a reload', async () => {
    const user = await openProfile('change');
    const { page } = t;
    const button = page.getByRole('button', { name: 'Change Email' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('New email').fill(user.email);
    await button.click();
    await expect.poll(() => fieldError(page.getByLabel('New email'))).toBe('Please enter a different email address');

    const newEmail = `changed-${user.email}`;
    await page.getByLabel('New email').fill(newEmail);
    await button.click();
    await page.getByText('Email changed successfully!').waitFor();
    await page.waitForEvent('load');
    await page.getByText(`Current address: ${newEmail}`).waitFor();
  });

  it('changes a verified email only after approval from the old inbox', async () => {
    const user = await openProfile('approve');
    const { page } = t;
    await page.getByRole('button', { name: 'Send Verification' }).click();
    await page.goto((await waitForMail(t.baseURL, user.email, /Verify your email/)).links[0]!);
    await page.getByText('Verified', { exact: true }).waitFor();

    const newEmail = `approved-${user.email}`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page
      .getByText(
        'A verification email has been sent to your current email address. Please check your inbox and follow the instructions to approve the email change.',
      )
      .waitFor();
    await page.reload();
    await page.getByText(`Current address: ${user.email}`).waitFor();

    await page.goto((await waitForMail(t.baseURL, user.email, /Approve the change/)).links[0]!);
    await page.goto((await waitForMail(t.baseURL, newEmail, /Verify your email/)).links[0]!);
    await page.getByText(`Current address: ${newEmail}`).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
  });

  const WINDOWS_CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('shows location from trusted proxy headers, and the browser, in Session Information', async () => {
    // The e2e server trusts Cloudflare's headers (TRUST_PROXY_GEO_HEADERS=true).
    const user = await createUser(t.baseURL, newUser('geo'));
    await signInContext(t.context, t.baseURL, user, {
      'cf-ipcountry': 'JP',
      'cf-ipcity': 'Tokyo',
      'cf-region': 'Tokyo',
      'cf-region-code': '13',
      'cf-timezone': 'Asia/Tokyo',
      'cf-ray': '8c2f1a2b3c4d5e6f-NRT',
      'cf-iplatitude': '35.6895',
      'cf-iplongitude': '139.6917',
      // Not believed: no trusted proxy is configured, so the socket address is the client's.
      'x-forwarded-for': '203.0.113.9',
      'user-agent': WINDOWS_CHROME,
    });
    await t.page.goto('/profile');
    const field = (name: string) => t.page.getByTestId(`session-${name}`).textContent();
    await t.page.getByRole('heading', { name: 'Session Information' }).waitFor();
    expect(await field('country')).toBe('JP');
    expect(await field('city')).toBe('Tokyo');
    expect(await field('region-code')).toBe('13');
    expect(await field('timezone')).toBe('Asia/Tokyo');
    expect(await field('datacenter')).toBe('NRT');
    expect(await field('coordinates')).toBe('35.6895, 139.6917');
    expect(await field('ip-address')).toBe('127.0.0.1');
    expect(await field('browser')).toBe('Chrome 131 on Windows 10');
    expect(await field('user-agent')).toBe(WINDOWS_CHROME.slice(0, 100) + '…');
  });

  it('shows the whole session in Session Debug and copies it as JSON', async () => {
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseURL });
    const user = await openProfile('debug');
    const { page } = t;
    await page.getByRole('button', { name: 'Show Details' }).click();
    const shown = JSON.parse((await page.getByTestId('session-json').textContent()) ?? '{}');
    expect(shown.user.email).toBe(user.email);
    await page.getByRole('button', { name: 'Copy JSON' }).click();
    await page.getByRole('button', { name: 'Copy JSON copied' }).waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toEqual(shown);
    await page.getByRole('button', { name: 'Hide Details' }).click();
    expect(await page.getByTestId('session-json').count()).toBe(0);
  });

  it('tells a guest that their data is temporary', async () => {
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expectPath(page, '/profile');
    await page.getByText('You are using a guest account. Its data may be deleted after 6 hours.').waitFor();
    await page.getByText('Anonymous', { exact: true }).first().waitFor();
  });
});
