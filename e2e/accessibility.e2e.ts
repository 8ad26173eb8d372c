import { describe, expect, it } from 'vitest';
import { seriousViolations as violations } from './support/axe';
import { useBrowser } from './support/browser';

describe('accessibility', () => {
  const t = useBrowser();

  it('has no serious violations on the sign-in and sign-up screens', async () => {
    await t.page.goto('/auth');
    await t.page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await violations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: 'Sign up' }).click();
    await t.page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await violations(t.page)).toEqual([]);
  });

  it('has no serious violations on the profile, organizations and admin screens', async () => {
    const user = await t.signInAsNewUser('a11y');
    await t.page.goto('/profile');
    await t.page.getByRole('heading', { name: 'My Invitations' }).waitFor();
    await t.page.getByRole('button', { name: 'Show Details' }).click();
    expect(await violations(t.page)).toEqual([]);
    await t.page.goto('/organizations');
    await t.page.getByRole('heading', { name: 'New Organization' }).waitFor();
    expect(await violations(t.page)).toEqual([]);

    await t.context.clearCookies();
    await t.signInAsAdmin();
    await t.page.goto('/admin/users');
    await t.page.getByTestId('user-row').first().waitFor();
    expect(await violations(t.page)).toEqual([]);
    // A confirmation, open, asking before a deletion (Escape answers it: nobody is deleted).
    await t.page.goto(`/admin/users?search=${encodeURIComponent(user.email)}`);
    await t.page.getByRole('button', { name: `Delete ${user.email}` }).click();
    await t.page.getByRole('alertdialog', { name: 'Delete user' }).waitFor();
    expect(await violations(t.page)).toEqual([]);
    await t.page.keyboard.press('Escape');
    await t.page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await t.page.getByTestId('user-row').count()).toBe(1);
    await t.page.goto('/admin/outbox');
    await t.page.getByText('Without SMTP_URL').waitFor();
    expect(await violations(t.page)).toEqual([]);
  });
});
