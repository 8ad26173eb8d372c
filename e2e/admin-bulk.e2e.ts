import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '#test/csv';
import { expectAccessibleInBothThemes } from './support/axe';
import { toasts, useBrowser } from './support/browser';
import { confirmWith } from './support/confirmation';
import { cellOf } from './support/tables';
import { createUser, signInByApi, type TestUser } from './support/users';

describe('admin bulk actions and export', () => {
  const t = useBrowser();

  it('filters, selects, bans with a reason, unbans, deletes with a failure explained, and exports the view', async () => {
    const id = crypto.randomBytes(3).toString('hex');
    const person = (name: string): TestUser => ({
      name: `${name} ${id}`,
      email: `bulk-${id}-${name.toLowerCase()}@gatehouse.test`,
      password: `bulk-${id}-password`,
    });
    // One after another: the export lists them newest first.
    const people: TestUser[] = [];
    for (const name of ['Ada', 'Bob', 'Cy', 'Owner']) people.push(await createUser(t.baseURL, person(name)));
    const [ada, bob, cy, owner] = people;
    // The owner alone owns an organization with another member: they cannot be deleted.
    const ownerBrowser = await t.visitorSignedInAs(owner!);
    const organization = await ownerBrowser.context.request.post(`${t.baseURL}/api/auth/organization/create`, {
      data: { name: `Bulk Org ${id}`, slug: `bulk-org-${id}` },
      headers: { origin: t.baseURL },
    });
    expect(organization.status()).toBe(200);
    await t.signInAsAdmin();
    const member = person('Member');
    const created = await t.context.request.post(`${t.baseURL}/api/v1/admin/users`, {
      data: { ...member, organizationId: ((await organization.json()) as { id: string }).id },
      headers: { origin: t.baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);

    const { page } = t;
    const rows = page.getByTestId('user-row');
    const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await page.goto(`/admin/users?search=bulk-${id}`);
    await expect.poll(() => rows.count()).toBe(5);

    // Ban three, ticked one by one: the question counts them, and asks the reason.
    for (const user of [ada!, bob!, cy!]) await page.getByRole('checkbox', { name: `Select ${user.email}` }).check();
    await bulkBar.getByText('3 users selected').waitFor();
    await expectAccessibleInBothThemes(page, 'main', 'bulk bar');
    await bulkBar.getByRole('button', { name: 'Ban', exact: true }).click();
    const ban = page.getByRole('dialog', { name: 'Ban 3 users?' });
    await ban.getByLabel('Reason').fill('spam wave');
    await ban.getByRole('button', { name: '1 day' }).click();
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await toasts(page).getByText('3 users banned').waitFor();
    await expect.poll(() => bulkBar.count()).toBe(0);
    const refused = await signInByApi(t.baseURL, bob!);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/banned.*Reason: spam wave/);

    // The banned only, kept in the URL; all of the page selected, then unbanned.
    await page.getByLabel('Status filter').selectOption({ label: 'Banned' });
    await expect.poll(() => new URL(page.url()).searchParams.get('banned')).toBe('true');
    await expect.poll(() => rows.count()).toBe(3);
    for (let index = 0; index < 3; index += 1)
      expect(await (await cellOf(rows.nth(index), 'Status')).textContent()).toContain('Banned');
    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    await bulkBar.getByRole('button', { name: 'Unban' }).click();
    await confirmWith(page, 'Unban 3 users?', 'They can sign in again.', 'Unban');
    await toasts(page).getByText('3 users unbanned').waitFor();
    await page.getByText('No users match.').waitFor();

    // Delete two: one goes, the last owner stays, and the summary says why.
    await page.getByLabel('Status filter').selectOption({ label: 'Any status' });
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByRole('checkbox', { name: `Select ${ada!.email}` }).check();
    await page.getByRole('checkbox', { name: `Select ${owner!.email}` }).check();
    await bulkBar.getByRole('button', { name: 'Delete' }).click();
    await confirmWith(
      page,
      'Delete 2 users?',
      'Are you sure you want to permanently delete these users? This action cannot be undone.',
    );
    await toasts(page).getByText('1 user deleted; 1 failed').waitFor();
    const failures = page.getByRole('list', { name: 'Bulk action failures' });
    await failures.waitFor();
    expect(await failures.textContent()).toContain(`${owner!.email}: This user is the last owner of "Bulk Org ${id}"`);
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByRole('checkbox', { name: `Select ${ada!.email}` }).count()).toBe(0);
    await expectAccessibleInBothThemes(page, 'main', 'failure summary');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await failures.count()).toBe(0);

    // Export the view: the active registered users of the search, every one, newest first.
    await page.getByLabel('Status filter').selectOption({ label: 'Active' });
    await page.getByLabel('Account filter').selectOption({ label: 'Registered' });
    await expect.poll(() => new URL(page.url()).searchParams.get('isAnonymous')).toBe('false');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile(await download.path(), 'utf8');
    const [header, ...lines] = parseCsv(text);
    expect(text.startsWith('\uFEFFid,name,email,email verified,role,banned')).toBe(true);
    expect(header![2]).toBe('email');
    expect(lines.map((line) => line[2])).toEqual([member.email, owner!.email, cy!.email, bob!.email]);
    expect(lines.map((line) => line[5])).toEqual(['false', 'false', 'false', 'false']);
    expect(lines[1]!.slice(11, 13)).toEqual([`Bulk Org ${id}`, 'owner']);
  });
});
