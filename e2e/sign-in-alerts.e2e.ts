import { describe, expect, it } from 'vitest';
import { expectAccessibleInBothThemes } from './support/axe';
import { toasts, useBrowser } from './support/browser';

const CARD = '[aria-labelledby="card-sign-in-alerts"]';

describe('sign-in alerts', () => {
  const t = useBrowser();

  it('shows the switch on, turns it off at once, and keeps it off after a reload', async () => {
    await t.signInAsNewUser('alerts');
    const { page } = t;
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Sign-in alerts' });
    const toggle = card.getByRole('switch', { name: 'Email me about new sign-ins' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await card.getByText('a browser or a country it has not signed in from before').count()).toBe(1);

    // The PUT answers the setting: the switch shows it with no second read.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/v1/me/sign-in-alerts')) reads.push(request.url());
    });
    await toggle.click();
    await toasts(page).getByText('Sign-in alerts are off').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(reads).toEqual([]);

    await page.reload();
    await card.getByRole('switch', { name: 'Email me about new sign-ins' }).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);

    await toggle.click();
    await toasts(page).getByText('Sign-in alerts are on').waitFor();
    await page.reload();
    await expect.poll(() => toggle.isChecked()).toBe(true);
  });

  it('has no serious accessibility violations, light and dark', async () => {
    await t.signInAsNewUser('alerts-a11y');
    const { page } = t;
    await page.goto('/profile');
    await page.getByRole('switch', { name: 'Email me about new sign-ins' }).waitFor();
    await expectAccessibleInBothThemes(page, CARD);
  });
});
