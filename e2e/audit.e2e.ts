import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '#test/csv';
import { expectAccessibleInBothThemes } from './support/axe';
import { useBrowser } from './support/browser';
import { E2E_ADMIN } from './support/server';
import { cellOf } from './support/tables';
import { createUser, newUser, signInByApi, type TestUser } from './support/users';

const CSV_HEADER =
  'time,action,action label,outcome,actor id,actor email,target id,target email,organization id,IP,user agent,details';

describe('the audit trail in the console', () => {
  const t = useBrowser();

  /** A sign-in with a wrong password, from a script (no browser of the test's). */
  const failSignIn = async (user: TestUser) => {
    const response = await signInByApi(t.baseURL, { email: user.email, password: 'not-the-password-1' });
    expect(response.status).toBe(401);
  };
  const post = async (context: BrowserContext, path: string, data: unknown) => {
    const response = await context.request.post(path, { data, headers: { origin: t.baseURL } });
    expect(response.status(), await response.text()).toBe(200);
  };
  const idOf = async (context: BrowserContext) =>
    ((await (await context.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user.id;
  const rowsOf = (page: Page) => page.getByTestId('audit-row');
  const cell = async (page: Page, index: number, header: string) =>
    (await (await cellOf(rowsOf(page).nth(index), header)).textContent())?.trim();

  it("shows an admin a user's failed and successful sign-ins, filtered, page by page, and as a CSV file", async () => {
    const user = await createUser(t.baseURL, newUser('audited'));
    await failSignIn(user);
    const browser = await t.visitorSignedInAs(user);
    const id = await idOf(browser.context);
    // Twenty changes more: the user's events fill more than one page (20 a page).
    for (let round = 0; round < 20; round += 1)
      await post(browser.context, '/api/auth/update-user', { name: `N${round}` });

    await t.signInAsAdmin();
    const { page } = t;
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.getByLabel('User id').fill(id);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('userId')).toBe(id);
    await expect.poll(() => cell(page, 0, 'Actor')).toBe(user.email);
    expect(await cell(page, 0, 'Action')).toBe('Profile changed');
    expect(await rowsOf(page).count()).toBe(20);

    await page.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => rowsOf(page).count()).toBe(3);
    const older = [];
    for (let index = 0; index < 3; index += 1) {
      older.push([await cell(page, index, 'Action'), await cell(page, index, 'Outcome')]);
    }
    expect(older).toEqual([
      ['Signed in', 'Success'],
      ['Signed in', 'Failure'],
      ['Signed up', 'Success'],
    ]);
    expect([await cell(page, 1, 'Actor'), await cell(page, 1, 'Target')]).toEqual(['—', user.email]);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(() => rowsOf(page).count()).toBe(20);

    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await page.getByLabel('Outcome').selectOption({ label: 'Failure' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('action')).toBe('user.sign_in');
    expect(new URL(page.url()).searchParams.get('outcome')).toBe('failure');
    expect(await cell(page, 0, 'Details')).toContain('code: INVALID_EMAIL_OR_PASSWORD');
    await page.reload();
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    expect(await page.getByLabel('Outcome').inputValue()).toBe('failure');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile(await download.path(), 'utf8');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${CSV_HEADER}`);
    const [, ...rows] = parseCsv(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1, 8)).toEqual(['user.sign_in', 'Signed in', 'failure', '', '', id, user.email]);
    expect(JSON.parse(rows[0]![11]!)).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', email: user.email });
  });

  it("shows a person their own security activity, page by page, and nothing of anyone else's", async () => {
    const user = await t.signInAsNewUser('activity');
    const id = await idOf(t.context);
    const other = await createUser(t.baseURL, newUser('activity-other'));
    await post((await t.visitorSignedInAs(other)).context, '/api/auth/update-user', { name: 'Someone Else' });
    for (let round = 0; round < 9; round += 1) await failSignIn(user);
    const admin = await t.visitorSignedInAs(E2E_ADMIN);
    await post(admin.context, '/api/auth/admin/update-user', { userId: id, data: { name: 'Named By An Admin' } });

    const { page } = t;
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Security activity' });
    const items = card.getByTestId('security-activity-item');
    await expect.poll(() => items.count()).toBe(10);
    expect(await items.first().textContent()).toMatch(/^User changed by an adminSuccessby an admin/);
    expect(await items.nth(1).textContent()).toMatch(/^Signed inFailure\S/);
    await card.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => items.count()).toBe(12);
    expect(await items.nth(10).textContent()).toMatch(/^Signed inSuccess.*Chrome.* on Linux/);
    expect(await items.nth(11).textContent()).toMatch(/^Signed upSuccess/);
    expect(await card.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    // The other person's change, and the admin's name, are nowhere on this card.
    expect(await card.textContent()).not.toMatch(/Profile changed|Someone Else|admin@/);
  });

  it('has no serious accessibility violations on the audit tab and the activity card, light and dark', async () => {
    await t.signInAsAdmin();
    const { page } = t;
    for (const [path, ready, scope] of [
      ['/admin/audit', rowsOf(page).first(), 'main'],
      ['/profile', page.getByTestId('security-activity-item').first(), '[aria-labelledby="card-security-activity"]'],
    ] as const) {
      await page.goto(path);
      await ready.waitFor();
      await expectAccessibleInBothThemes(page, scope, path);
    }
  });
});
