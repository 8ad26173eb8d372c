import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes, seriousViolations } from './support/axe';
import { expectPath, toasts, useBrowser, type BrowserFixture } from './support/browser';
import { confirmWith } from './support/confirmation';
import { cellOf } from './support/tables';

const REDIRECT_URI = 'https://billing.example/callback';

const applicationRow = (page: Page, name: string) =>
  page.getByTestId('application-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const cellText = async (page: Page, name: string, header: string) =>
  (await (await cellOf(applicationRow(page, name), header)).textContent())?.trim();

/**
 * Whether the provider takes a client secret, asked as a relying party's server asks (no cookies, no
 * Origin) at the introspection endpoint, which checks the client first: 401 when it refuses the
 * client, 200 (the token inactive) when it takes it.
 */
async function clientAuthStatus(t: BrowserFixture, clientId: string, secret: string) {
  const response = await fetch(`${t.baseURL}/api/auth/oauth2/introspect`, {
    method: 'POST',
    body: new URLSearchParams({ token: 'not-a-token' }),
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
  });
  return response.status;
}

/** The credentials dialog: the client id and the secret shown once, read, then closed. */
async function readCredentials(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: `${name}: credentials` });
  await dialog.waitFor();
  await dialog.getByText('This secret is shown only now.', { exact: false }).waitFor();
  const clientId = (await dialog.getByTestId('Client ID').textContent()) ?? '';
  const clientSecret = (await dialog.getByTestId('Client secret').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Copy client secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return { clientId, clientSecret };
}

describe('applications run by a platform admin', () => {
  const t = useBrowser();

  it('registers an application and shows its secret once; edits, rotates, disables and deletes it', async () => {
    await t.signInAsAdmin();
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseURL });
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });
    const name = `Billing ${Date.now().toString(36)}`;

    await page.goto('/admin/applications');
    await expectPath(page, '/admin/applications');
    await page.getByRole('button', { name: 'New application' }).click();
    const form = page.getByRole('dialog', { name: 'New application' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    // The shared rule refuses plain http to another host before anything is sent.
    await form.getByLabel('Redirect URIs', { exact: true }).fill('http://billing.example/callback');
    await form.getByRole('button', { name: 'Create application' }).click();
    await form.getByText('Must use https (plain http only for localhost, 127.0.0.1 or [::1]) (line 1)').waitFor();
    await form.getByLabel('Redirect URIs', { exact: true }).fill(REDIRECT_URI);
    await form.getByRole('checkbox', { name: /^offline_access/ }).check();
    await form.getByRole('button', { name: 'Create application' }).click();
    await form.waitFor({ state: 'detached' });
    const first = await readCredentials(page, name);
    expect(first.clientSecret.length).toBeGreaterThanOrEqual(32);

    // The row, and no secret in it.
    await applicationRow(page, name).waitFor();
    expect(await cellText(page, name, 'Type')).toBe('Web');
    expect(await cellText(page, name, 'Client ID')).toBe(first.clientId);
    expect(await cellText(page, name, 'Redirect URIs')).toBe(REDIRECT_URI);
    expect(await cellText(page, name, 'Trusted')).toBe('No');
    expect(await cellText(page, name, 'Status')).toBe('Enabled');
    expect(await page.content()).not.toContain(first.clientSecret);

    // Edit: a new name, trusted.
    const renamed = `${name} v2`;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name', { exact: true }).fill(renamed);
    await edit.getByRole('checkbox', { name: /^Trusted/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Application saved').waitFor();
    await applicationRow(page, renamed).waitFor();
    await expect.poll(() => cellText(page, renamed, 'Trusted')).toBe('Yes');

    // Rotate: asked first; the new secret is shown once, and only it opens the token endpoint.
    await page.getByRole('button', { name: `Rotate secret of ${renamed}` }).click();
    await confirmWith(
      page,
      `Rotate the secret of ${renamed}?`,
      'A new secret is made and shown once. The current secret stops working at once: the application cannot sign anyone in until it has the new one.',
      'Rotate secret',
    );
    const second = await readCredentials(page, renamed);
    expect(second.clientId).toBe(first.clientId);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    expect(await clientAuthStatus(t, first.clientId, first.clientSecret)).toBe(401);
    expect(await clientAuthStatus(t, first.clientId, second.clientSecret)).toBe(200);

    // Disable, then enable again.
    await page.getByRole('button', { name: `Disable ${renamed}` }).click();
    await toast('Application disabled').waitFor();
    await expect.poll(() => cellText(page, renamed, 'Status')).toBe('Disabled');
    expect(await clientAuthStatus(t, first.clientId, second.clientSecret)).toBe(401);
    await page.getByRole('button', { name: `Enable ${renamed}` }).click();
    await toast('Application enabled').waitFor();
    await expect.poll(() => cellText(page, renamed, 'Status')).toBe('Enabled');

    // Delete: asked first, then the row goes.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirmWith(
      page,
      `Delete ${renamed}?`,
      'The application can no longer sign anyone in. Its tokens and the consents people gave it are deleted. This cannot be undone.',
    );
    await toast('Application deleted').waitFor();
    await applicationRow(page, renamed).waitFor({ state: 'detached' });
    expect(await clientAuthStatus(t, first.clientId, second.clientSecret)).toBe(401);
  });

  it('fits a 390-pixel phone without sideways scrolling of the page, and axe finds nothing serious', async () => {
    await t.signInAsAdmin();
    const created = await t.context.request.post(`${t.baseURL}/api/v1/admin/applications`, {
      data: {
        name: `Phone ${Date.now().toString(36)}`,
        type: 'spa',
        redirectUris: ['https://a-rather-long-host-name.example/callback/after/sign-in'],
      },
      headers: { origin: t.baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/applications');
    await expectPath(page, '/admin/applications');
    await page.getByTestId('application-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessibleInBothThemes(page, 'main');
    await page.getByRole('button', { name: 'New application' }).click();
    await page.getByRole('dialog', { name: 'New application' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

    const { clientId } = ((await created.json()) as { data: { clientId: string } }).data;
    const deleted = await t.context.request.delete(`${t.baseURL}/api/v1/admin/applications/${clientId}`, {
      headers: { origin: t.baseURL },
    });
    expect(deleted.status()).toBe(200);
  });
});
