import { describe, expect, it } from 'vitest';
import { deleteUserDialogViolations, seriousViolations as violations, violationsAt } from './support/axe';
import { useBrowser } from './support/browser';

describe('accessibility', () => {
  const t = useBrowser();

  it('has no serious violations on the sign-in and sign-up screens', async () => {
    expect(await violationsAt(t.page, '/auth', 'Sign in to your account')).toEqual([]);
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
    expect(await violationsAt(t.page, '/organizations', 'New Organization')).toEqual([]);

    await t.context.clearCookies();
    await t.signInAsAdmin();
    expect(await violationsAt(t.page, '/admin/users', t.page.getByTestId('user-row').first())).toEqual([]);
    // A confirmation, open, asking before a deletion (Escape answers it: nobody is deleted).
    await t.page.goto(`/admin/users?search=${encodeURIComponent(user.email)}`);
    const deleteButton = t.page.getByRole('button', { name: `Delete ${user.email}` });
    expect(await deleteUserDialogViolations(t.page, deleteButton)).toEqual([]);
    expect(await t.page.getByTestId('user-row').count()).toBe(1);
    expect(await violationsAt(t.page, '/admin/outbox', t.page.getByText('Without SMTP_URL'))).toEqual([]);
  });
});
