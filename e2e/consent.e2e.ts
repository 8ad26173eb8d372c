import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPE_DESCRIPTIONS } from '#common/applications';
import { totpCode } from '#test/totp';
import { enableTwoFactorByApi } from './support/two-factor';
import {
  authorizationUrl,
  registerApplication,
  startRedirectTarget,
  type TestApplication,
} from './support/applications';
import { seriousViolations } from './support/axe';
import { toasts, useBrowser } from './support/browser';
import { confirmWith } from './support/confirmation';
import { createUser, newUser, type TestUser } from './support/users';
import { addVirtualAuthenticator } from './support/webauthn';

/** Signing in to an application with Gatehouse, as a person does it in the browser (decision 0079). */
describe('signing in to an application', () => {
  const t = useBrowser();
  let target: Awaited<ReturnType<typeof startRedirectTarget>>;
  let application: TestApplication;

  beforeAll(async () => {
    target = await startRedirectTarget();
    application = await registerApplication(t.baseURL, 'Notes App', target.redirectUri);
  });
  afterAll(async () => target?.close());

  /** Where the browser ends: the application's redirect URI, with the code (or error) and state. */
  async function landedAtApplication(page = t.page) {
    await page.waitForURL((url) => url.origin + url.pathname === application.redirectUri, { timeout: 15_000 });
    return new URL(page.url()).searchParams;
  }

  async function signInWithPassword(user: Pick<TestUser, 'email' | 'password'>) {
    const { page } = t;
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function consentScreen() {
    await t.page.waitForURL((url) => url.pathname === '/consent');
    await t.page.getByRole('heading', { name: 'Notes App wants to access your account' }).waitFor();
  }

  /** A signed-out browser opens the application's request: the sign-in screen says an application asks. */
  async function openSignedOut(authorization: string) {
    await t.page.goto(authorization);
    await t.page.waitForURL((url) => url.pathname === '/auth');
    await t.page.getByText('Sign in to continue to the application.').waitFor();
  }

  it('password sign-in, then consent in words, then back at the application with a code and its state; the second time skips consent', async () => {
    const user = await t.signInAsNewUser('consent');
    await t.context.clearCookies();
    const { page } = t;
    const { url, state } = authorizationUrl(t.baseURL, application, { scope: 'openid profile email' });
    await openSignedOut(url);
    // An application asking is no place for a guest account.
    expect(await page.getByRole('button', { name: 'Continue as Guest' }).count()).toBe(0);
    await signInWithPassword(user);

    await consentScreen();
    const asked = page.getByRole('list', { name: 'What the application asks for' }).getByRole('listitem');
    expect(await asked.allTextContents()).toEqual(
      [SCOPE_DESCRIPTIONS.openid, SCOPE_DESCRIPTIONS.profile, SCOPE_DESCRIPTIONS.email].map((words) => `✓${words}`),
    );
    await page.getByText(`Signed in as ${user.name}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Allow' }).click();
    const answer = await landedAtApplication();
    expect(answer.get('code')).toBeTruthy();
    expect(answer.get('state')).toBe(state);

    // Remembered: signed in and allowed already, the browser goes straight back with a new code.
    const again = authorizationUrl(t.baseURL, application);
    await page.goto(again.url);
    const second = await landedAtApplication();
    expect(second.get('code')).toBeTruthy();
    expect(second.get('state')).toBe(again.state);
  });

  it('Deny sends the browser back with error=access_denied', async () => {
    await t.signInAsNewUser('deny');
    const { url, state } = authorizationUrl(t.baseURL, application);
    await t.page.goto(url);
    await consentScreen();
    await t.page.getByRole('button', { name: 'Deny' }).click();
    const answer = await landedAtApplication();
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('state')).toBe(state);
    expect(answer.get('code')).toBeNull();
  });

  it('two-factor sign-in continues the authorization: the password, the code, then consent', async () => {
    const user = await t.signInAsNewUser('consent-2fa');
    const { secret } = await enableTwoFactorByApi(t, user);
    await t.context.clearCookies();

    const { page } = t;
    await openSignedOut(authorizationUrl(t.baseURL, application).url);
    await signInWithPassword(user);
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    // The signed request is still in the address while the code is asked for.
    expect(new URL(page.url()).searchParams.get('sig')).toBeTruthy();
    await page.getByRole('button', { name: 'Verify' }).click();
    await consentScreen();
    await page.getByRole('button', { name: 'Allow' }).click();
    expect((await landedAtApplication()).get('code')).toBeTruthy();
  });

  it('passkey sign-in (the autofill of the sign-in screen) continues the authorization', async () => {
    await addVirtualAuthenticator(t.context, t.page);
    await t.openAsNewUser('consent-passkey', '/profile', 'Passkeys');
    const { page } = t;
    await page.getByRole('button', { name: 'Add Passkey' }).click();
    await page.getByRole('table', { name: 'Passkeys' }).getByTestId('passkey-row').first().waitFor();
    await t.context.clearCookies();
    const visited: URL[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()));
    });

    // Signed out, the request opens the sign-in screen; the virtual authenticator stands in for the
    // person picking the passkey from its autofill, and the flow goes on to consent.
    await page.goto(authorizationUrl(t.baseURL, application).url);
    await consentScreen();
    expect(visited.some((url) => url.pathname === '/auth' && url.searchParams.has('sig'))).toBe(true);
    await page.getByRole('button', { name: 'Allow' }).click();
    expect((await landedAtApplication()).get('code')).toBeTruthy();
  });

  it('a guest is told why and may only deny', async () => {
    const { page } = t;
    const guest = await t.context.request.post(`${t.baseURL}/api/auth/sign-in/anonymous`, {
      data: {},
      headers: { origin: t.baseURL },
    });
    expect(guest.status()).toBe(200);
    await page.goto(authorizationUrl(t.baseURL, application).url);
    await consentScreen();
    await page.getByText('Guest accounts cannot sign in to applications. Sign up first.').waitFor();
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    expect((await landedAtApplication()).get('error')).toBe('access_denied');
  });

  it('lists the application under Connected apps, and Revoke removes it: the next request asks again', async () => {
    await t.signInAsNewUser('connected');
    const { page } = t;
    await page.goto(authorizationUrl(t.baseURL, application).url);
    await consentScreen();
    await page.getByRole('button', { name: 'Allow' }).click();
    await landedAtApplication();

    await page.goto('/profile');
    const list = page.getByRole('list', { name: 'Connected apps' });
    await list.getByText('Notes App').waitFor();
    await list.getByText(SCOPE_DESCRIPTIONS.email).waitFor();
    await page.getByRole('button', { name: 'Revoke Notes App' }).click();
    await confirmWith(
      page,
      'Revoke access',
      "Are you sure you want to revoke Notes App's access? It is signed out at once and must ask you again.",
      'Revoke',
    );
    await toasts(page).getByText('Access revoked').waitFor();
    await page.getByText('No connected apps.').waitFor();

    await page.goto(authorizationUrl(t.baseURL, application).url);
    await consentScreen();
  });

  it('the sign-in for an application and the consent screen fit a 390-pixel phone', async () => {
    const { page } = t;
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const withinPhone = async (name: string) => {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    };
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createUser(t.baseURL, newUser('consent-phone'));
    await page.goto(
      authorizationUrl(t.baseURL, application, { scope: 'openid profile email offline_access organizations' }).url,
    );
    await page.getByText('Sign in to continue to the application.').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await signInWithPassword(user);

    await consentScreen();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await withinPhone('Allow');
    await withinPhone('Deny');
  });

  it('an expired or altered request says so in words', async () => {
    await t.signInAsNewUser('consent-forged');
    const { page } = t;
    await page.goto(authorizationUrl(t.baseURL, application).url);
    await consentScreen();
    const altered = new URL(page.url());
    altered.searchParams.set('scope', 'openid organizations');
    await page.goto(altered.toString());
    t.expectRefusal(400, '/api/auth/oauth2/consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page
      .getByText('This sign-in request has expired or is not valid. Go back to the application and sign in again.')
      .waitFor();
    const expired = new URL(page.url());
    expired.searchParams.set('exp', '1');
    await page.goto(expired.toString());
    await page
      .getByText('This sign-in request has expired or is not valid. Go back to the application and sign in again.')
      .waitFor();
  });
});
