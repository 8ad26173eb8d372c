import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROVIDER_LABEL, startIdentityProvider, type IdentityProviderServer } from '#test/identity-provider';
import { expectAccessibleInBothThemes } from './support/axe';
import { expectPath, toasts, useBrowser } from './support/browser';
import { authorizationUrl, registerApplication, startRedirectTarget } from './support/applications';
import { confirmWith } from './support/confirmation';
import { startServer, type RunningServer } from './support/server';
import { createUser, newUser, signInContext } from './support/users';

const CARD = 'section[aria-labelledby="card-linked-accounts"]';

/**
 * Sign-in through an OpenID provider on loopback (oauth2-mock-server, which sends the browser
 * straight back: nobody to type a password there), against a server of this file's own that has
 * the provider configured.
 */
describe('identity providers', () => {
  const t = useBrowser();
  let provider: IdentityProviderServer;
  let server: RunningServer;

  beforeAll(async () => {
    provider = await startIdentityProvider();
    server = await startServer(provider.env);
    // Every browser context of this file opens on this server.
    t.baseURL = server.baseURL;
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  const providerButton = () => t.page.getByRole('button', { name: `Continue with ${PROVIDER_LABEL}` });
  const card = () => t.page.getByRole('region', { name: 'Linked accounts' });

  it('shows no provider button where none is configured', async () => {
    await t.page.goto(`${inject('baseURL')}/auth`);
    await t.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await t.page.getByRole('button', { name: /^Continue with / }).count()).toBe(0);
  });

  it('signs up through the provider from /auth, with the name it gives, and keeps the only way in', async () => {
    const person = newUser('provider');
    provider.signsInAs({ sub: `sub-${person.email}`, email: person.email, email_verified: true, name: person.name });
    await t.page.goto('/auth');
    await providerButton().waitFor();
    await expectAccessibleInBothThemes(t.page);
    await providerButton().click();
    await expectPath(t.page, '/profile');
    await expect.poll(() => t.page.getByTestId('shell-user').textContent()).toBe(person.name);

    await card().getByText(PROVIDER_LABEL, { exact: true }).waitFor();
    await card().getByText(person.email).waitFor();
    await card().getByText('This is your only way to sign in.').waitFor();
    expect(
      await card()
        .getByRole('button', { name: `Unlink ${PROVIDER_LABEL}` })
        .isDisabled(),
    ).toBe(true);
    await expectAccessibleInBothThemes(t.page, CARD);
  });

  it('links the provider from the profile, then unlinks it after confirming', async () => {
    const user = await createUser(t.baseURL, newUser('linker'));
    await signInContext(t.context, t.baseURL, user);
    await t.page.goto('/profile');
    const link = card().getByRole('button', { name: `Link ${PROVIDER_LABEL}`, exact: true });
    await link.waitFor();
    expect(await card().getByText('No linked accounts.').count()).toBe(1);

    provider.signsInAs({ sub: `sub-${user.email}`, email: user.email, email_verified: true });
    await link.click();
    await expectPath(t.page, '/profile');
    await card().getByText(user.email).waitFor();
    await card()
      .getByText(/^Linked \w{3} \d/)
      .waitFor();
    expect(await link.count()).toBe(0);

    await card()
      .getByRole('button', { name: `Unlink ${PROVIDER_LABEL}` })
      .click();
    await confirmWith(
      t.page,
      `Unlink ${PROVIDER_LABEL}`,
      `Are you sure you want to unlink your ${PROVIDER_LABEL} account? You will no longer be able to sign in with it.`,
      'Unlink',
    );
    await toasts(t.page).getByText('Account unlinked').waitFor();
    await link.waitFor();
    await card().getByText('No linked accounts.').waitFor();
  });

  it('says why on /auth when the provider’s address belongs to an account it may not join', async () => {
    // The account's owner never proved the address: a provider account does not join it.
    const user = await createUser(t.baseURL, newUser('unproved'));
    provider.signsInAs({ sub: `sub-${user.email}`, email: user.email, email_verified: true });
    await t.page.goto('/auth');
    await providerButton().click();
    await expectPath(t.page, '/auth');
    await t.page.getByText('An account with this email address already exists.', { exact: false }).waitFor();
    expect(new URL(t.page.url()).searchParams.has('error')).toBe(false);
  });

  it('signs in to an application through the provider: its consent, then back at the application with a code', async () => {
    const target = await startRedirectTarget();
    try {
      const application = await registerApplication(t.baseURL, 'Provider Notes', target.redirectUri);
      const person = newUser('app-provider');
      provider.signsInAs({ sub: `sub-${person.email}`, email: person.email, email_verified: true, name: person.name });
      const { url, state } = authorizationUrl(t.baseURL, application);
      await t.page.goto(url);
      await t.page.getByText('Sign in to continue to the application.').waitFor();
      await providerButton().click();
      await t.page.waitForURL((at) => at.pathname === '/consent');
      await t.page.getByRole('button', { name: 'Allow' }).click();
      await t.page.waitForURL((at) => at.origin + at.pathname === application.redirectUri);
      const back = new URL(t.page.url()).searchParams;
      expect(back.get('state')).toBe(state);
      expect(back.get('code')).toEqual(expect.any(String));
    } finally {
      await target.close();
    }
  });
});
