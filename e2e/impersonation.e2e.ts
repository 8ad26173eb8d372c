import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IMPERSONATION_REASON_REQUIRED, NOT_WHILE_IMPERSONATING_MESSAGE } from '#common/admin';
import { expectAccessibleInBothThemes } from './support/axe';
import { expectPath, useBrowser } from './support/browser';
import { newUser, signInByApi, type TestUser } from './support/users';

/** "Ends in 59:5x": the default hour, a few seconds gone (the console stops just before the server). */
const FRESH_HOUR = /^Ends in 59:[0-5]\d$/;

describe('impersonating a user', () => {
  const t = useBrowser();

  /** The admin's browser calls the auth API (the page's cookies), answering status and body. */
  const post = async (route: string, data: object) => {
    const response = await t.context.request.post(`${t.baseURL}/api/auth${route}`, {
      data,
      headers: { origin: t.baseURL },
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  };
  /** A new user, signed up through the API (its own browser's session is not kept); with its id. */
  const newAccount = async (prefix: string) => {
    const user = newUser(prefix);
    const response = await fetch(`${t.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseURL },
      body: JSON.stringify(user),
    });
    expect(response.status).toBe(200);
    return { user, id: ((await response.json()) as { user: { id: string } }).user.id };
  };
  const banner = (page: Page) => page.getByTestId('impersonation-banner');
  const openReasonDialog = async (page: Page, user: TestUser) => {
    await page.goto(`/admin/users?search=${encodeURIComponent(user.email)}`);
    await page.getByRole('button', { name: `Impersonate ${user.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonate User' });
    await dialog.waitFor();
    return dialog;
  };

  it('asks why, shows the time left, refuses a sensitive action in words, and stops back to the admin', async () => {
    const { user, id } = await newAccount('impersonated');
    const { page } = t;
    await t.signInAsAdmin();
    const refused = await post('/admin/impersonate-user', { userId: id });
    expect([refused.status, refused.body.code]).toEqual([400, 'REASON_REQUIRED']);

    const dialog = await openReasonDialog(page, user);
    await dialog.getByRole('button', { name: 'Impersonate' }).click();
    const reason = dialog.getByLabel('Reason');
    await dialog.getByText(IMPERSONATION_REASON_REQUIRED).waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');

    // The server's refusal shows in the dialog, and the reason stays for another try.
    expect((await post('/admin/ban-user', { userId: id })).status).toBe(200);
    t.expectRefusal(400, '/api/auth/admin/impersonate-user'); // the banned user
    await reason.fill('Ticket 4711: cannot find their invoices');
    await dialog.getByRole('button', { name: 'Impersonate' }).click();
    await dialog.getByRole('alert').getByText('A banned user cannot be impersonated').waitFor();
    expect(await reason.inputValue()).toBe('Ticket 4711: cannot find their invoices');
    expect((await post('/admin/unban-user', { userId: id })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Impersonate' }).click();

    await expectPath(page, '/profile');
    await banner(page).getByText(`You are being impersonated as ${user.name}`).waitFor();
    expect(await page.getByTestId('impersonation-time-left').textContent()).toMatch(FRESH_HOUR);

    t.expectRefusal(403, '/api/auth/change-password'); // not while impersonating
    const card = page.getByRole('region', { name: 'Password' });
    await card.getByLabel('Current password').fill(user.password);
    await card.getByLabel('New password', { exact: true }).fill(`${user.password}-taken`);
    await card.getByLabel('Confirm new password').fill(`${user.password}-taken`);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(NOT_WHILE_IMPERSONATING_MESSAGE);

    await banner(page).getByRole('button', { name: 'Stop Impersonating' }).click();
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    // The password the admin tried is not the user's.
    const signIn = await signInByApi(t.baseURL, user);
    expect(signIn.status).toBe(200);
  });

  it('stops by itself when the time is up, and the admin is themselves again', async () => {
    const { id } = await newAccount('timed');
    const { page } = t;
    await page.clock.install();
    await t.signInAsAdmin();
    const started = await post('/admin/impersonate-user', { userId: id, reason: 'Timed check' });
    expect(started.status).toBe(200);
    await page.goto('/profile');
    await banner(page).getByText(FRESH_HOUR).waitFor();
    await page.clock.fastForward('59:59');
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    const session = await t.context.request.get(`${t.baseURL}/api/auth/get-session`);
    expect(
      ((await session.json()) as { session: { impersonatedBy: string | null } }).session.impersonatedBy,
    ).toBeNull();
  });

  it('has no serious accessibility violations in the reason dialog and the banner, light and dark', async () => {
    const { user } = await newAccount('a11y-impersonated');
    const { page } = t;
    await t.signInAsAdmin();
    const dialog = await openReasonDialog(page, user);
    await dialog.getByRole('button', { name: 'Impersonate' }).click();
    await dialog.getByText(IMPERSONATION_REASON_REQUIRED).waitFor();
    await expectAccessibleInBothThemes(page, 'dialog[open]');
    await dialog.getByLabel('Reason').fill('Accessibility check');
    await dialog.getByRole('button', { name: 'Impersonate' }).click();
    await expectPath(page, '/profile');
    await banner(page).waitFor();
    await expectAccessibleInBothThemes(page, '[data-testid="impersonation-banner"]');
  });
});
