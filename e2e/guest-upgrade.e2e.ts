import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from './support/axe';
import { expectPath, toasts, useBrowser } from './support/browser';
import { createUser, newUser } from './support/users';

const BANNER = 'section[aria-label="Guest account"]';

/** A new browser continuing as a guest, on its profile with the guest banner showing. */
async function continueAsGuest(page: Page) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expectPath(page, '/profile');
  await page.getByRole('region', { name: 'Guest account' }).waitFor();
}

/** The organization's card on /organizations, once the list shows it. */
async function organizationCard(page: Page, name: string) {
  await page.goto('/organizations');
  const card = page.getByRole('button', { name: new RegExp(name) });
  await card.waitFor();
  return card;
}

describe('a guest who signs up or signs in keeps their work', () => {
  const t = useBrowser();

  it('creates an account from the banner, with the name, organization and team made as a guest', async () => {
    const { page } = t;
    const user = newUser('upgraded');
    const organizationName = `Guest Org ${user.email.slice(9, 17)}`;
    await continueAsGuest(page);
    const banner = page.getByRole('region', { name: 'Guest account' });
    await banner.getByText('Anonymous data may be deleted after 6 hours').waitFor();
    await expectAccessibleInBothThemes(page, BANNER);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
    await page.getByRole('button', { name: 'Save' }).click();
    await toasts(page).getByText('Profile updated').waitFor();

    await page.goto('/organizations');
    await page.getByLabel('Organization name').fill(organizationName);
    await page.getByLabel('Organization name').press('Enter');
    // Its card shows once it is made (loading the page again could beat the creation).
    await page.getByRole('button', { name: new RegExp(organizationName) }).click();
    await page.getByRole('button', { name: 'New Team' }).click();
    await page.getByLabel('Team name').fill('Kept Team');
    await page.getByLabel('Team name').press('Enter');
    await page.getByRole('link', { name: 'Kept Team' }).waitFor();

    await banner.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/auth');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText('what you made as a guest is kept').waitFor();
    expect(await page.getByRole('button', { name: 'Continue as Guest' }).count()).toBe(0);
    expect(await page.getByLabel('Full name').inputValue()).toBe(user.name);
    await expectAccessibleInBothThemes(page);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await page.getByRole('region', { name: 'Guest account' }).count()).toBe(0);
    const session = await page.evaluate(() =>
      fetch('/api/auth/get-session').then(
        (response) => response.json() as Promise<{ user: { email: string; isAnonymous: boolean } }>,
      ),
    );
    expect(session.user).toMatchObject({ email: user.email, isAnonymous: false });

    await (await organizationCard(page, organizationName)).click();
    await page.getByRole('link', { name: 'Kept Team' }).waitFor();
  });

  it('signs in to an existing account from the banner and keeps the organization', async () => {
    const { page } = t;
    const user = await createUser(t.baseURL, newUser('returning'));
    await continueAsGuest(page);
    const organization = await t.createOrganization(`Guest Org ${user.email.slice(10, 18)}`);
    await organizationCard(page, organization.name);

    await page.getByRole('region', { name: 'Guest account' }).getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/auth');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.getByText('what you made as a guest is kept').waitFor();
    expect(await page.getByRole('button', { name: 'Continue as Guest' }).count()).toBe(0);
    // The guest kept the name every guest starts with: the sign-up form does not offer it.
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/profile');
    await expect.poll(() => page.getByTestId('shell-user').textContent()).toBe(user.name);
    expect(await page.getByRole('region', { name: 'Guest account' }).count()).toBe(0);
    await organizationCard(page, organization.name);
  });
});
