import { describe, expect, it } from 'vitest';
import { useBrowser, toasts } from './support/browser';
import { fieldError } from './support/fields';
import { confirmation } from './support/confirmation';
import { cellOf } from './support/tables';
import { newUser, signInContext } from './support/users';

/** The admin screens' forms, toasts and cache: what the walk-through in admin.e2e.ts leaves aside. */
describe('admin forms and outcomes', () => {
  const t = useBrowser();

  it('checks the admin forms beside their fields, tells each outcome, and keeps member counts fresh', async () => {
    const user = newUser('dana');
    const organizationName = `Counted Org of ${user.name}`;
    const { page } = t;
    const toast = (text: string) => toasts(page).getByText(text, { exact: true });
    await t.signInAsAdmin();

    await page.goto('/admin/organizations');
    await page.getByLabel('Organization name').fill(organizationName);
    await page.getByLabel('Organization name').press('Enter');
    await toast('Organization created').waitFor();
    const organizationRow = page.getByTestId('organization-row').filter({ hasText: organizationName });
    await organizationRow.waitFor();
    const members = async () => (await cellOf(organizationRow, 'Members')).textContent();
    expect(await members()).toBe('1');

    // Create User says what is wrong under each field, and sends nothing until all is right.
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Create User' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => fieldError(create.getByLabel('Name', { exact: true }))).toBe('Name is required');
    await expect.poll(() => fieldError(create.getByLabel('Email', { exact: true }))).toBe('Email is required');
    await expect.poll(() => fieldError(create.getByLabel('Password'))).toBe('Password must be at least 8 characters');
    await create.getByLabel('Name', { exact: true }).fill(user.name);
    await create.getByLabel('Email', { exact: true }).fill('not-an-email');
    await create.getByLabel('Password').fill(user.password);
    await create.getByRole('button', { name: 'Create User' }).click();
    await expect
      .poll(() => fieldError(create.getByLabel('Email', { exact: true })))
      .toBe('Enter a valid email address');
    await create.getByLabel('Email', { exact: true }).fill(user.email);
    await create.getByLabel('Organization (optional)').selectOption({ label: organizationName });
    await create.getByRole('button', { name: 'Create User' }).click();
    await create.waitFor({ state: 'detached' });
    await toast('User created').waitFor();

    // The organizations screen counts the new member (its cached list was refreshed).
    await page.getByRole('link', { name: 'Organizations' }).last().click();
    await expect.poll(members).toBe('2');
    await page.getByRole('link', { name: 'Users' }).click();

    // A search the server would refuse is refused beside the field, and not sent.
    await page.getByLabel('Search users').fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => fieldError(page.getByLabel('Search users'))).toBe('search is at most 200 characters');
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
    await page.getByLabel('Search users').fill(user.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBe(1);

    // Edit User checks name and email as sign-up does.
    await page.getByRole('button', { name: `Edit ${user.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name', { exact: true }).fill('  ');
    await edit.getByLabel('Email', { exact: true }).fill('not-an-email');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(edit.getByLabel('Name', { exact: true }))).toBe('Name is required');
    await expect.poll(() => fieldError(edit.getByLabel('Email', { exact: true }))).toBe('Enter a valid email address');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await rows.first().textContent()).toContain(user.name);

    // Ban: a duration that is not whole seconds is refused beside it; a suggestion fixes it.
    await page.getByRole('button', { name: `Ban ${user.email}` }).click();
    const ban = page.getByRole('dialog', { name: 'Ban User' });
    const duration = ban.getByLabel('Duration in seconds (empty for permanent)');
    await duration.fill('1.5');
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await expect
      .poll(() => fieldError(duration))
      .toBe('Duration must be a whole number of seconds, or empty for a permanent ban');
    await ban.getByRole('button', { name: '1 hour' }).click();
    await expect.poll(() => duration.getAttribute('aria-invalid')).toBeNull();
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await toast('User banned').waitFor();
    await page.getByRole('button', { name: `Unban ${user.email}` }).click();
    await toast('User unbanned').waitFor();

    // Revoke All says so in the details, where the admin is looking.
    const userContext = await t.browser.newContext({ baseURL: t.baseURL });
    await signInContext(userContext, t.baseURL, user);
    await userContext.close();
    await page.getByRole('button', { name: `View details of ${user.email}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByRole('table', { name: 'Active sessions' }).getByTestId('session-row').first().waitFor();
    await details.getByRole('button', { name: 'Revoke All' }).click();
    await details.getByText('All sessions revoked.').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    // Delete: a toast, and the organization counts one member again.
    await page.getByRole('button', { name: `Delete ${user.email}` }).click();
    await (await confirmation(page, 'Delete user')).confirm();
    await toast('User deleted').waitFor();
    await page.getByRole('link', { name: 'Organizations' }).last().click();
    await expect.poll(members).toBe('1');
  });
});
