import { describe, expect, it } from 'vitest';
import { expectPath, useBrowser } from './support/browser';
import { expectStyledAs } from './support/styles';
import { createUser, newUser } from './support/users';

describe('sign-in, sign-up, guest and sign-out', () => {
  const t = useBrowser();

  it('signs up, lands on /profile, signs out to /auth', async () => {
    const user = newUser('signup');
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    // Room on the right for the show-password button, the text never under it.
    await expectStyledAs(page.getByLabel('Password', { exact: true }), 'pl-3 pr-10', ['padding-left', 'padding-right']);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/auth');
    // The session is gone on the server too: /profile sends the visitor back.
    await page.goto('/profile');
    await expectPath(page, '/auth');
  });

  it('signs in with email and password', async () => {
    const user = await createUser(t.baseURL, newUser('signin'));
    const { page } = t;
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);
  });

  it('shows the server error in a red box on a wrong password, and keeps the input', async () => {
    const user = await createUser(t.baseURL, newUser('wrongpw'));
    const { page } = t;
    t.expectRefusal(401, '/api/auth/sign-in/email'); // the wrong password
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(await alert.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
      /rgb\(254, 242, 242\)|oklch/,
    );
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
  });

  it('says so when the sign-in code cannot be downloaded, keeps the input, and signs in once it can', async () => {
    const user = await createUser(t.baseURL, newUser('offline'));
    const { page } = t;
    // The code the screen loads on demand is cut off below, and the browser says so.
    t.allowConsoleError(/^Failed to load resource: net::ERR_FAILED$/);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    // The screen is up; the code it loads on demand (validation, the auth client) no longer arrives.
    await page.route('**/assets/**', (route) => route.abort());
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('An error occurred');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(new URL(page.url()).pathname).toBe('/auth');

    await page.unroute('**/assets/**');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/profile');
  });

  it('shows the duplicate-account error on sign-up with a taken email', async () => {
    const user = await createUser(t.baseURL, newUser('taken'));
    const { page } = t;
    t.expectRefusal(422, '/api/auth/sign-up/email'); // the address taken
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/already exists/i);
  });

  it('continues as a guest (through /dashboard) to /profile as an anonymous account', async () => {
    const { page } = t;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe('Anonymous');
    const session = await page.evaluate(() =>
      fetch('/api/auth/get-session').then((response) => response.json() as Promise<{ user: { isAnonymous: boolean } }>),
    );
    expect(session.user.isAnonymous).toBe(true);
  });

  it('validates the form before sending it', async () => {
    const { page } = t;
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-')) sent += 1;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(sent).toBe(0);
  });

  it('shows and hides the password, and works from the keyboard alone', async () => {
    const user = await createUser(t.baseURL, newUser('keyboard'));
    const { page } = t;
    await page.goto('/auth');
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByLabel('Email').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/profile');
  });
});
