import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectPath, useBrowser } from './support/browser';
import { fieldError } from './support/fields';
import { startServer, type RunningServer } from './support/server';

/** The setup link the start printed: the one line of its output that names one. */
function printedSetupUrl(server: RunningServer): string {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.includes('setupUrl'));
  expect(lines).toHaveLength(1);
  const printed = JSON.parse(lines[0]!) as { msg: string; setupUrl: string };
  expect(printed.msg).toMatch(/^No admin yet: open this link before .+ to create the first admin/);
  return printed.setupUrl;
}

describe('the first run, started without ADMIN_EMAIL', () => {
  const t = useBrowser();
  let server: RunningServer;

  // A server of its own: the run's server has its admin from ADMIN_EMAIL.
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  });
  afterAll(async () => server?.stop());

  it('prints a setup link whose page creates the first admin and lands signed in as admin; the link then says setup is done', async () => {
    const setupUrl = printedSetupUrl(server);
    expect(setupUrl).toMatch(new RegExp(`^${server.baseURL}/setup\\?token=[A-Za-z0-9_-]{43}$`));
    const { page } = t;

    t.expectRefusal(404, '/api/v1/setup'); // the made-up link
    await page.goto(`${server.baseURL}/setup?token=made-up`);
    await page
      .getByRole('alert')
      .getByText('This setup link is invalid, has expired or has already been used.')
      .waitFor();

    // A phone's width: the form fits without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(setupUrl);
    await page.getByRole('heading', { name: 'Set up Gatehouse' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.title()).toBe('Set up Gatehouse · Gatehouse');
    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await name.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await name.fill('First Admin');
    await email.fill('not-an-address');
    await password.fill('short');
    const submit = page.getByRole('button', { name: 'Create admin account' });
    await submit.click();
    await expect.poll(() => fieldError(email)).toBe('Enter a valid email address');
    await expect.poll(() => fieldError(password)).toBe('Password must be at least 8 characters');

    await email.fill('first-admin@gatehouse.test');
    await password.fill('first-admin-password-1');
    await submit.click();
    await expectPath(page, '/admin/users');
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    await page.getByText('first-admin@gatehouse.test').first().waitFor();
    const me = await page.request.get(`${server.baseURL}/api/v1/me`);
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { data: { email: string; role: string } }).data).toMatchObject({
      email: 'first-admin@gatehouse.test',
      role: 'admin',
    });

    t.expectRefusal(410, '/api/v1/setup'); // the spent link, an admin existing
    await page.goto(setupUrl);
    await page.getByText('Setup is done: an admin account exists. This link is no longer needed.').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
  });
});
