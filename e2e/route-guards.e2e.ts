import { describe, expect, it } from 'vitest';
import { expectPath, useBrowser, type ScreenPath } from './support/browser';

/** Every redirect rule of the route table, for a visitor, a user and an admin. */
const RULES: Record<'visitor' | 'user' | 'admin', Array<[from: string, to: ScreenPath]>> = {
  visitor: [
    ['/', '/auth'],
    ['/auth', '/auth'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password', '/reset-password'],
    ['/dashboard', '/auth'],
    ['/profile', '/auth'],
    ['/organizations', '/auth'],
    ['/teams/some-team', '/auth'],
    ['/admin', '/auth'],
    ['/admin/users', '/auth'],
    ['/admin/organizations', '/auth'],
    ['/admin/outbox', '/auth'],
    ['/admin/overview', '/auth'],
  ],
  user: [
    ['/', '/profile'],
    ['/auth', '/profile'],
    ['/forgot-password', '/forgot-password'],
    ['/reset-password', '/reset-password'],
    ['/dashboard', '/profile'],
    ['/profile', '/profile'],
    ['/organizations', '/organizations'],
    ['/teams/some-team', '/teams/some-team'],
    ['/admin', '/profile'],
    ['/admin/users', '/profile'],
    ['/admin/organizations', '/profile'],
    ['/admin/outbox', '/profile'],
    ['/admin/overview', '/profile'],
  ],
  admin: [
    ['/', '/profile'],
    ['/auth', '/profile'],
    ['/dashboard', '/profile'],
    ['/profile', '/profile'],
    ['/organizations', '/organizations'],
    ['/teams/some-team', '/teams/some-team'],
    ['/admin', '/admin/users'],
    ['/admin/users', '/admin/users'],
    ['/admin/organizations', '/admin/organizations'],
    ['/admin/overview', '/admin/overview'],
  ],
};

describe('route guards', () => {
  const t = useBrowser();

  async function followRules(rules: Array<[from: string, to: ScreenPath]>) {
    // /teams/some-team is a team nobody has: shown, the team screen's lookup answers 404.
    if (rules.some(([, to]) => to === '/teams/some-team')) t.expectRefusal(404, '/api/auth/team-permissions/get-team');
    for (const [from, to] of rules) {
      await t.page.goto(from);
      await expectPath(t.page, to);
    }
  }

  it('sends a visitor to /auth from every guarded route', async () => {
    await followRules(RULES.visitor);
    await t.page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  });

  it('keeps a user out of /admin and off /auth', async () => {
    await t.signInAsNewUser('guard');
    await followRules(RULES.user);
    await t.page.goto('/profile');
    await t.page.getByRole('link', { name: 'Organizations' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('lets an admin in, with the Admin link and the admin tabs', async () => {
    await t.signInAsAdmin();
    await followRules(RULES.admin);
    await t.page.goto('/profile');
    await t.page.getByRole('link', { name: 'Admin' }).click();
    await expectPath(t.page, '/admin/users');
    await t.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await t.page.getByRole('link', { name: 'Organizations' }).last().click();
    await expectPath(t.page, '/admin/organizations');
  });

  it('shows a spinner while the session loads', async () => {
    // Hold the session answer back so the loading state is observable.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.page.route('**/api/auth/get-session', async (route) => {
      await held;
      await route.continue();
    });
    await t.page.goto('/profile', { waitUntil: 'commit' });
    await t.page.getByRole('status', { name: 'Loading' }).waitFor();
    release();
    await expectPath(t.page, '/auth');
  });

  it('asks for the session again once when it fails, then shows the error with Try again', async () => {
    const user = await t.signInAsNewUser('flaky');
    t.expectRefusal(500, '/api/auth/get-session'); // the failure made below
    let failures = 1;
    await t.page.route('**/api/auth/get-session', async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, json: { message: 'down' } });
      return route.continue();
    });
    // One failure: the retry a second later gets the session.
    await t.page.goto('/profile');
    await t.page.getByTestId('shell-user').waitFor();
    expect(await t.page.getByTestId('shell-user').textContent()).toBe(user.name);

    // Two: the screen says so and offers to try again, which works once the server answers.
    failures = 2;
    await t.page.goto('/profile');
    await expect.poll(() => t.page.getByRole('alert').textContent()).toBe('An error occurred');
    await t.page.getByRole('button', { name: 'Try again' }).click();
    await t.page.getByTestId('shell-user').waitFor();
  });
});
