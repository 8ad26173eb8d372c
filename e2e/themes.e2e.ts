import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deleteUserDialogViolations, seriousViolations, violationsAt } from './support/axe';
import { toasts, useBrowser } from './support/browser';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_PAGE = 'oklch(0.984 0.003 247.858)'; // slate-50
const DARK_PAGE = 'oklch(0.129 0.042 264.695)'; // slate-950

describe('light and dark themes', () => {
  const t = useBrowser();

  it('follows a dark system setting without any choice made', async () => {
    await t.page.emulateMedia({ colorScheme: 'dark' });
    await t.page.goto('/auth');
    await t.page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await isDark(t.page)).toBe(true);
    expect(await bodyBackground(t.page)).toBe(DARK_PAGE);
    expect(await t.page.getByLabel('Theme').inputValue()).toBe('system');
    // The system turning light turns the page light.
    await t.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(t.page)).toBe(false);
    expect(await bodyBackground(t.page)).toBe(LIGHT_PAGE);
  });

  it('is dark before the first paint, so a dark page never flashes light', async () => {
    await t.page.emulateMedia({ colorScheme: 'dark' });
    // The class is there when the document is parsed, before any of the app's code runs.
    await t.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtParse: boolean }).darkAtParse =
          document.documentElement.classList.contains('dark');
      });
    });
    const response = await t.page.goto('/auth');
    await t.page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await t.page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
    // The policy allows that one inline script by its hash, never inline scripts in general.
    const scriptSources = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
    expect(scriptSources).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it('keeps the chosen theme across reloads and over the system setting', async () => {
    await t.signInAsNewUser('theme');
    await t.page.goto('/profile');
    await t.page.getByRole('heading', { name: 'My Invitations' }).waitFor();
    expect(await isDark(t.page)).toBe(false);
    await t.page.getByLabel('Theme').selectOption('dark');
    expect(await isDark(t.page)).toBe(true);
    await t.page.reload();
    await t.page.getByRole('heading', { name: 'My Invitations' }).waitFor();
    expect(await isDark(t.page)).toBe(true);
    expect(await t.page.getByLabel('Theme').inputValue()).toBe('dark');

    // Light wins over a dark system, and survives a reload too.
    await t.page.emulateMedia({ colorScheme: 'dark' });
    await t.page.getByLabel('Theme').selectOption('light');
    expect(await isDark(t.page)).toBe(false);
    await t.page.reload();
    await t.page.getByRole('heading', { name: 'My Invitations' }).waitFor();
    expect(await isDark(t.page)).toBe(false);

    // Back to the system: dark again, and nothing is kept.
    await t.page.getByLabel('Theme').selectOption('system');
    expect(await isDark(t.page)).toBe(true);
    expect(await t.page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  it('has no serious accessibility violations in dark', async () => {
    await t.page.emulateMedia({ colorScheme: 'dark' });
    expect(await violationsAt(t.page, '/auth', 'Sign in to your account')).toEqual([]);
    await t.page.getByRole('button', { name: 'Sign up' }).click();
    await t.page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await seriousViolations(t.page)).toEqual([]);

    await t.signInAsNewUser('theme-a11y');
    await t.page.goto('/profile');
    await t.page.getByRole('heading', { name: 'My Invitations' }).waitFor();
    await t.page.getByRole('button', { name: 'Show Details' }).click();
    expect(await isDark(t.page)).toBe(true);
    expect(await seriousViolations(t.page)).toEqual([]);
    // A toast, in sonner's dark theme.
    await t.page.getByRole('button', { name: 'Edit' }).click();
    await t.page.getByRole('button', { name: 'Save' }).click();
    await toasts(t.page).getByText('Profile updated').waitFor();
    expect(await seriousViolations(t.page, '[data-sonner-toaster]')).toEqual([]);
    expect(await toasts(t.page).getAttribute('data-sonner-theme')).toBe('dark');

    const organization = await t.createOrganization('Dark Org');
    const created = await t.context.request.post(`${t.baseURL}/api/auth/organization/create-team`, {
      data: { name: 'Night', organizationId: organization.id },
      headers: { origin: t.baseURL },
    });
    expect(created.status(), await created.text()).toBe(200);
    const team = (await created.json()) as { id: string };
    await t.page.goto('/organizations');
    await t.page.getByRole('heading', { name: 'New Organization' }).waitFor();
    await t.page.getByRole('button', { name: /Dark Org/ }).click();
    await t.page.getByText('Your role').waitFor();
    expect(await seriousViolations(t.page)).toEqual([]);
    expect(await violationsAt(t.page, `/teams/${team.id}`, 'Night')).toEqual([]);

    await t.context.clearCookies();
    await t.signInAsAdmin();
    expect(await violationsAt(t.page, '/admin/users', t.page.getByTestId('user-row').first())).toEqual([]);
    // An open dialog (Escape answers it: nobody is deleted).
    const deleteButton = t.page.getByRole('button', { name: /^Delete / }).first();
    expect(await deleteUserDialogViolations(t.page, deleteButton)).toEqual([]);
  });
});
