import path from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectPath, toasts, useBrowser } from './support/browser';
import { seriousViolations as violations } from './support/axe';
import { confirmation, confirmWith } from './support/confirmation';
import { cellOf } from './support/tables';
import { signInContext, type TestUser } from './support/users';
import { addVirtualAuthenticator } from './support/webauthn';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** Where the second browser signs in from, as a proxy in front of the server would say. */
/** The spec's confirmations, word for word. */
const REVOKE_ONE =
  'Are you sure you want to revoke this session? Whoever uses it is signed out at once and must sign in again.';
const REVOKE_OTHERS = 'Are you sure you want to revoke every other session? Only this device stays signed in.';

const PARIS = { 'cf-ipcountry': 'FR', 'cf-ipcity': 'Paris', 'cf-region': 'Ile-de-France' };

/** The e2e server's database, to reach past the API (age a session, count them). */
function withDatabase<T>(run: (db: Database.Database) => T): T {
  const db = new Database(path.join(inject('dataDir'), 'gatehouse.db'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

const USER_ID = '(select id from user where email = ?)';

/** Moves every session of the user two days back: older than Better Auth's freshness window (a day). */
const ageSessions = (email: string) =>
  withDatabase((db) =>
    db
      .prepare(`update session set createdAt = ? where userId = ${USER_ID}`)
      .run(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(), email),
  );

const sessionCount = (email: string) =>
  withDatabase(
    (db) =>
      (db.prepare(`select count(*) as count from session where userId = ${USER_ID}`).get(email) as { count: number })
        .count,
  );

describe('my sessions', () => {
  const t = useBrowser();
  const table = (page: Page) => page.getByRole('table', { name: 'My sessions' });
  const rows = (page: Page) => table(page).getByTestId('my-session-row');

  /** Another browser of the user's, signed in through the API (closed by the caller). */
  async function otherBrowser(user: TestUser, options: Parameters<typeof t.browser.newContext>[0] = {}) {
    const context = await t.browser.newContext({ baseURL: t.baseURL, ...options });
    await signInContext(context, t.baseURL, user);
    return context;
  }
  /** A new user whose only session is this test's browser's (signing up through the API left one behind). */
  async function signInAlone(prefix: string) {
    const user = await t.signInAsNewUser(prefix);
    const response = await t.context.request.post('/api/auth/revoke-other-sessions', {
      data: {},
      headers: { origin: t.baseURL },
    });
    expect(response.status()).toBe(200);
    return user;
  }
  async function openProfileAlone(prefix: string) {
    const user = await signInAlone(prefix);
    await t.page.goto('/profile');
    await t.page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    return user;
  }
  const signedInUser = async (context: BrowserContext) =>
    (await (await context.request.get('/api/auth/get-session')).json()) as { user: { email: string } } | null;

  it('lists both browsers with browser, system and place, marks this one, and revokes the other: it is signed out at once', async () => {
    const user = await signInAlone('sessions');
    const firefox = await otherBrowser(user, { userAgent: FIREFOX_ON_WINDOWS, extraHTTPHeaders: PARIS });
    try {
      const otherPage = await firefox.newPage();
      await otherPage.goto('/profile');
      await otherPage.getByRole('heading', { name: 'My Sessions' }).waitFor();

      const { page } = t;
      await page.goto('/profile');
      await rows(page).nth(1).waitFor();
      expect(await rows(page).count()).toBe(2);
      // This device first, marked; the other one by its browser, system and place.
      const mine = rows(page).first();
      expect(await (await cellOf(mine, 'Device')).textContent()).toMatch(/Chrome.* on Linux.*This device$/);
      const other = rows(page).filter({ hasText: 'Firefox' });
      expect(await (await cellOf(other, 'Device')).textContent()).toBe('Firefox 128 on Windows 10');
      expect(await (await cellOf(other, 'Location')).textContent()).toBe('Paris, Ile-de-France, France');
      expect(await (await cellOf(other, 'IP Address')).textContent()).toMatch(/\d|:/);
      expect(await mine.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect(await violations(page, '[aria-labelledby="card-my-sessions"]')).toEqual([]);

      await other.getByRole('button', { name: 'Revoke session on Firefox 128 on Windows 10' }).click();
      await confirmWith(page, 'Revoke session', REVOKE_ONE, 'Revoke');
      await toasts(page).getByText('Session revoked').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="my-session-row"]').length === 1);
      expect(await rows(page).first().textContent()).toContain('This device');

      // The other browser's next navigation finds no session.
      await otherPage.goto('/profile');
      await expectPath(otherPage, '/auth');
      expect(await signedInUser(firefox)).toBeNull();
      expect(await signedInUser(t.context)).toMatchObject({ user: { email: user.email } });
    } finally {
      await firefox.close();
    }
  });

  it('revokes every other session after a confirmation, and keeps this one', async () => {
    const user = await signInAlone('others');
    const browsers = [await otherBrowser(user), await otherBrowser(user)];
    try {
      const { page } = t;
      await page.goto('/profile');
      await rows(page).nth(2).waitFor();

      // Cancel first: nothing ends.
      await page.getByRole('button', { name: 'Revoke other sessions' }).click();
      await (await confirmation(page, 'Revoke other sessions')).cancel();
      expect(await rows(page).count()).toBe(3);

      await page.getByRole('button', { name: 'Revoke other sessions' }).click();
      await confirmWith(page, 'Revoke other sessions', REVOKE_OTHERS, 'Revoke all');
      await toasts(page).getByText('Other sessions revoked').waitFor();
      await page.getByRole('button', { name: 'Revoke other sessions' }).waitFor({ state: 'detached' });
      expect(await rows(page).count()).toBe(1);
      expect(await rows(page).first().textContent()).toContain('This device');
      for (const browser of browsers) expect(await signedInUser(browser)).toBeNull();
      expect(sessionCount(user.email)).toBe(1);
    } finally {
      await Promise.all(browsers.map((browser) => browser.close()));
    }
  });

  it('asks for the password when the session is too old to list them: Cancel, a wrong one, then the right one', async () => {
    const user = await signInAlone('stale');
    ageSessions(user.email);
    t.expectRefusal(403, '/api/auth/list-sessions'); // the aged session
    t.expectRefusal(400, '/api/auth/fresh-session'); // the wrong password
    const { page } = t;
    await page.goto('/profile');
    await page.getByText("For your security, confirm it's you to see your sessions.").waitFor();
    const oldSessionId = await page.getByTestId('session-session-id').textContent();

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await page.getByRole('button', { name: "Confirm it's you" }).click();
    await dialog.getByLabel('Password').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await table(page).count()).toBe(0);

    await page.getByRole('button', { name: "Confirm it's you" }).click();
    const password = dialog.getByLabel('Password');
    await password.waitFor();
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await violations(page, 'dialog[open]')).toEqual([]);
    await password.fill('not-my-password-1');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Invalid password').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // Nothing typed is lost.
    expect(await password.inputValue()).toBe('not-my-password-1');
    expect(await violations(page, 'dialog[open]')).toEqual([]);

    await password.fill(user.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('This device');
    // A new session replaced the old one, which is gone: "This device" followed it.
    await expect.poll(() => page.getByTestId('session-session-id').textContent()).not.toBe(oldSessionId);
    expect(sessionCount(user.email)).toBe(1);
  });

  it('asks for the password when Add Passkey finds the session too old, then adds the passkey', async () => {
    const authenticator = await addVirtualAuthenticator(t.context, t.page);
    const user = await openProfileAlone('stale-passkey');
    ageSessions(user.email);
    // The aged session, opened afresh: the session list is refused (its card asks to confirm), and
    // Add Passkey asks too.
    t.expectRefusal(403, '/api/auth/list-sessions');
    t.expectRefusal(403, '/api/auth/passkey/generate-register-options');
    const { page } = t;
    await page.reload();
    await page.getByRole('button', { name: "Confirm it's you" }).waitFor();
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(sessionCount(user.email)).toBe(1);
  });

  it('lets a person with a passkey confirm with it instead of the password', async () => {
    await addVirtualAuthenticator(t.context, t.page);
    const user = await openProfileAlone('passkey-confirm');
    const { page } = t;
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').waitFor();
    ageSessions(user.email);
    t.expectRefusal(403, '/api/auth/list-sessions'); // the aged session
    await page.reload();
    await page.getByRole('button', { name: "Confirm it's you" }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rows(page).first().waitFor();
    expect(await rows(page).first().textContent()).toContain('This device');
    // The passkey sign-in replaced the session this browser held.
    expect(sessionCount(user.email)).toBe(1);
  });

  it('shows a guest their one session, this device, with nothing to revoke', async () => {
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expectPath(page, '/profile');
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('This device');
    expect(
      await table(page)
        .getByRole('button', { name: /Revoke/ })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'Revoke other sessions' }).count()).toBe(0);
  });
});
