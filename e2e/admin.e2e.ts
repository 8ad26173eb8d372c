import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { OFFSET_NEEDS_CURSOR, USER_COUNT_CAP } from '#common/admin';
import { expectPath, useBrowser } from './support/browser';
import { createUser, newUser, signInByApi, signInContext } from './support/users';
import { confirmWith } from './support/confirmation';
import { cellOf } from './support/tables';

describe('admin console', () => {
  const t = useBrowser();

  it('creates a user in an organization, finds, edits, bans, unbans, impersonates, revokes sessions and deletes them', async () => {
    const id = crypto.randomBytes(3).toString('hex');
    const organizationName = `Admin Org ${id}`;
    const user = { name: `Casey ${id}`, email: `casey-${id}@gatehouse.test`, password: `casey-${id}-password` };
    const { page } = t;
    await t.signInAsAdmin();

    // An organization to put the user in.
    await page.goto('/admin/organizations');
    await page.getByLabel('Organization name').fill(organizationName);
    await page.getByLabel('Organization name').press('Enter');
    const organizationRow = page.getByTestId('organization-row').filter({ hasText: organizationName });
    await organizationRow.waitFor();
    // The admin who created it is its owner; Better Auth gives it a default team.
    expect(await (await cellOf(organizationRow, 'Members')).textContent()).toBe('1');
    expect(await (await cellOf(organizationRow, 'Teams')).textContent()).toBe('1');

    // Create the user in it.
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).waitFor();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('Name', { exact: true }).fill(user.name);
    await dialog.getByLabel('Email', { exact: true }).fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByLabel('Organization (optional)').selectOption({ label: organizationName });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Find them by name and by email; the view is in the URL.
    const rows = page.getByTestId('user-row');
    await page.getByLabel('Search by').selectOption('name');
    await page.getByLabel('Search users').fill(`casey ${id}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(organizationName);
    expect(new URL(page.url()).searchParams.get('search')).toBe(`casey ${id}`);
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByLabel('Search users').inputValue()).toBe(`casey ${id}`);

    await page.getByLabel('Search by').selectOption('email');
    await page.getByLabel('Search users').fill(`${id}@gatehouse`);
    // The list of the name search stays on screen until the email search answers: wait for that answer.
    const searched = page.waitForResponse(
      (response) => response.url().includes('/api/v1/admin/users?') && response.url().includes(`${id}%40gatehouse`),
    );
    await page.getByRole('button', { name: 'Search' }).click();
    await searched;
    await expect.poll(() => page.getByRole('heading', { name: 'Users (1)' }).count()).toBe(1);
    expect(await rows.count()).toBe(1);

    // Edit.
    await page.getByRole('button', { name: `Edit ${user.email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name', { exact: true }).fill(`Casey Renamed ${id}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await rows.first().getByText(`Casey Renamed ${id}`).waitFor();

    // Ban: their sign-in fails with the reason.
    await page.getByRole('button', { name: `Ban ${user.email}` }).click();
    const ban = page.getByRole('dialog', { name: 'Ban User' });
    await ban.getByLabel('Reason').fill('abuse');
    await ban.getByRole('button', { name: '1 day' }).click();
    expect(await ban.getByLabel('Duration in seconds (empty for permanent)').inputValue()).toBe('86400');
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await rows.first().getByText('Banned').waitFor();
    const refused = await signInByApi(t.baseURL, user);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/banned.*Reason: abuse/);

    // Unban: they can sign in again (which also gives them a session to revoke).
    await page.getByRole('button', { name: `Unban ${user.email}` }).click();
    await rows.first().getByText('Active').waitFor();
    const userContext = await t.browser.newContext({ baseURL: t.baseURL });
    await signInContext(userContext, t.baseURL, user);

    // Sessions: listed in User Details and revoked.
    await page.getByRole('button', { name: `View details of ${user.email}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByRole('table', { name: 'Active sessions' }).getByTestId('session-row').first().waitFor();
    await details.getByRole('button', { name: 'Revoke All' }).click();
    await details.getByText('No active sessions.').waitFor();
    const stale = await userContext.request.get(`${t.baseURL}/api/auth/get-session`);
    expect(await stale.json()).toBeNull();
    await userContext.close();
    await details.getByRole('button', { name: 'Close' }).click();

    // Impersonate, then stop.
    await page.getByRole('button', { name: `Impersonate ${user.email}` }).click();
    const why = page.getByRole('dialog', { name: 'Impersonate User' });
    await why.getByLabel('Reason').fill('Checking the renamed profile');
    await why.getByRole('button', { name: 'Impersonate' }).click();
    await expectPath(page, '/profile');
    await page.getByText(`You are being impersonated as Casey Renamed ${id}`).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Stop Impersonating' }).click();
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await page.getByText('You are being impersonated').count()).toBe(0);

    // Delete, after the confirmation.
    await page.goto(`/admin/users?search=${id}%40gatehouse`);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: `Delete ${user.email}` }).click();
    await confirmWith(
      page,
      'Delete user',
      'Are you sure you want to permanently delete this user? This action cannot be undone.',
    );
    await page.getByText('No users match.').waitFor();
  });

  it('pages through users with Previous and Next', async () => {
    // More than one page of 10, whatever else the run has created.
    await Promise.all(Array.from({ length: 11 }, (_, index) => createUser(t.baseURL, newUser(`page${index}`))));
    await t.signInAsAdmin();
    const { page } = t;
    await page.goto('/admin/users?limit=10');
    const heading = await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).textContent();
    const total = Number(/\((\d+)\)/.exec(heading ?? '')![1]);
    const pages = Math.max(1, Math.ceil(total / 10));
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(pages).toBeGreaterThan(1);
    // Each page is counted again, and the other worker's tests add and delete users meanwhile.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(new URL(page.url()).searchParams.get('offset')).toBe('10');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(/^Page 1 of \d+$/).waitFor();

    // Sorting by name is sent to the server and kept in the URL too.
    await page.getByRole('button', { name: 'User', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sortBy')).toBe('name');
    expect(new URL(page.url()).searchParams.get('sortDirection')).toBe('asc');
    // The previous page stays on screen until the sorted one arrives: wait for it.
    const names = () => page.getByTestId('user-row').locator('td:first-child p.font-medium').allTextContents();
    const isSorted = (list: string[]) => list.every((name, index) => index === 0 || list[index - 1]! <= name);
    await expect.poll(async () => isSorted(await names())).toBe(true);
  });

  it('says a search matched more than it counts, and pages on by cursor', async () => {
    // More matches than the list counts: written straight into the database (sign-ups are slow).
    const id = crypto.randomBytes(3).toString('hex');
    const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
    const insert = db.prepare(
      `insert into user (id, name, email, emailVerified, createdAt, updatedAt, role, banned, isAnonymous)
       values (?, ?, ?, 0, ?, ?, 'user', 0, 0)`,
    );
    const now = new Date().toISOString();
    db.transaction(() => {
      for (let n = 0; n <= USER_COUNT_CAP; n += 1)
        insert.run(`bulk-${id}-${n}`, `Bulk ${id} ${n}`, `bulk-${id}-${n}@gatehouse.test`, now, now);
    })();
    try {
      await t.signInAsAdmin();
      const { page } = t;
      await page.goto(`/admin/users?search=bulk+${id}&searchField=name`);
      await page.getByRole('heading', { name: `Users (${USER_COUNT_CAP}+)` }).waitFor();
      const pages = USER_COUNT_CAP / 20;
      await page.getByText(`Page 1 of ${pages}+`).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page 2 of ${pages}+`).waitFor();
      const url = new URL(page.url());
      expect(url.searchParams.get('offset')).toBe('20');
      expect(url.searchParams.get('cursor')).toBeTruthy();
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByText(`Page 1 of ${pages}+`).waitFor();
      expect(new URL(page.url()).searchParams.get('cursor')).toBeNull();
      // A later page opens from the one before it: typed as an offset alone, it is refused.
      t.expectRefusal(400, '/api/v1/admin/users');
      const refusals: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 400 && response.url().includes('/api/v1/admin/users?')) refusals.push(response.url());
      });
      await page.goto(`/admin/users?search=bulk+${id}&searchField=name&offset=20`);
      await page.getByText(OFFSET_NEEDS_CURSOR).waitFor();
      // Shown at once: a refusal is not asked again (a failure a retry might mend would be).
      expect(refusals).toHaveLength(1);
    } finally {
      db.prepare('delete from user where id like ?').run(`bulk-${id}-%`);
      db.close();
    }
  });

  it('shows the mail the server could not send in the admin outbox, to admins only', async () => {
    const user = await t.signInAsNewUser();
    const asked = await t.context.request.post(`${t.baseURL}/api/auth/send-verification-email`, {
      data: { email: user.email },
      headers: { origin: t.baseURL },
    });
    expect(asked.status()).toBe(200);
    expect((await t.context.request.get(`${t.baseURL}/api/v1/admin/outbox`)).status()).toBe(403);

    await t.context.clearCookies();
    await t.signInAsAdmin();
    const { page } = t;
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Outbox' }).click();
    const mail = page.getByTestId('outbox-mail').filter({ hasText: `To ${user.email}` });
    await mail.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    expect(await mail.textContent()).toContain('/api/auth/verify-email?token=');
  });
});
