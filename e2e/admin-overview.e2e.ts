import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '#common/admin-stats';
import { expectAccessibleInBothThemes } from './support/axe';
import { useBrowser } from './support/browser';
import { cellOf } from './support/tables';
import { createUser, newUser, signInByApi } from './support/users';

/** A string only uPlot's code holds (the class of its cursor layer). */
const UPLOT_MARK = 'u-over';

describe('the admin overview', () => {
  const t = useBrowser();

  const digits = async (text: Promise<string | null>) => Number((await text)?.replace(/\D/g, ''));
  /** A tile's figure: the definition after its label. */
  const tile = (page: Page, label: string) =>
    digits(
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    );
  const todayRow = (page: Page) => page.getByTestId('stats-day').first();
  const todayCell = async (page: Page, header: string) => digits((await cellOf(todayRow(page), header)).textContent());
  const chart = (page: Page) => page.getByRole('img', { name: /^Chart of sign-ups, sign-ins and failed sign-ins/ });
  /** The canvas's size and a fingerprint of its pixels; `painted` counts the pixels drawn at all. */
  const canvasOf = (page: Page) =>
    chart(page)
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        let sum = 0;
        for (let index = 0; index < pixels.length; index += 4) {
          if (pixels[index + 3]! > 0) painted += 1;
          sum = (sum * 31 + pixels[index]! + pixels[index + 1]! * 3 + pixels[index + 2]! * 7) % 1_000_000_007;
        }
        return { width: canvas.width, painted, sum };
      });

  it('shows the totals and the days with a sign-up and a failed sign-in just made, in a drawn chart', async () => {
    await t.signInAsAdmin();
    const before = await t.context.request.get('/api/v1/admin/stats?days=30');
    expect(before.status()).toBe(200);
    const { data } = (await before.json()) as { data: AdminStats };
    const today = data.days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));

    const user = await createUser(t.baseURL, newUser('overview'));
    const failed = await signInByApi(t.baseURL, { email: user.email, password: 'not-the-password-1' });
    expect(failed.status).toBe(401);

    const { page } = t;
    const answered = page.waitForResponse((response) => response.url().includes('/api/v1/admin/stats'));
    await page.goto('/admin/overview');
    const shown = ((await (await answered).json()) as { data: AdminStats }).data;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
    expect((await tabs.first().textContent())?.trim()).toBe('Overview');
    expect(await tabs.first().getAttribute('aria-current')).toBe('page');

    // Other tests share the server and delete accounts too: the users tile and today's sign-ups (the
    // accounts made today that still exist) show what the server answered; the counters, which only
    // grow, hold at least what this test did.
    await expect.poll(() => tile(page, 'Users')).toBe(shown.totals.users);
    expect(await tile(page, 'Active users')).toBeGreaterThanOrEqual(data.totals.activeUsers + 1);
    expect(await tile(page, 'Admins')).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('stats-day').count()).toBe(30);
    expect(await todayRow(page).locator('time').getAttribute('datetime')).toBe(today.day);
    expect(shown.days.at(-1)!.signUps).toBeGreaterThanOrEqual(1);
    expect(await todayCell(page, 'Sign-ups')).toBe(shown.days.at(-1)!.signUps);
    expect(await todayCell(page, 'Failed sign-ins')).toBeGreaterThanOrEqual(today.failedSignIns + 1);
    expect(await todayCell(page, 'Sign-ins')).toBeGreaterThanOrEqual(today.signIns);

    await expect.poll(async () => (await canvasOf(page)).painted).toBeGreaterThan(100);
    const wide = await canvasOf(page);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect.poll(async () => (await canvasOf(page)).width).toBeLessThan(wide.width);

    await page.getByLabel('Period').selectOption({ label: 'Last 7 days' });
    await expect.poll(() => page.getByTestId('stats-day').count()).toBe(7);
    expect(new URL(page.url()).searchParams.get('days')).toBe('7');
    await page.reload();
    await expect.poll(() => page.getByTestId('stats-day').count()).toBe(7);
  });

  it('loads uPlot on the overview only, and draws the chart again in the dark theme', async () => {
    const { page } = t;
    const withChart: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      if ((await response.text().catch(() => '')).includes(UPLOT_MARK))
        withChart.push(new URL(response.url()).pathname);
    });
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.waitForLoadState('networkidle');
    await t.signInAsAdmin();
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(withChart).toEqual([]);

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect.poll(async () => (await canvasOf(page)).painted).toBeGreaterThan(100);
    await expect.poll(() => withChart.length).toBe(1);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const light = await canvasOf(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await canvasOf(page)).sum).not.toBe(light.sum);
  });

  it('has no serious accessibility violations, light and dark', async () => {
    await t.signInAsAdmin();
    const { page } = t;
    await page.goto('/admin/overview');
    await todayRow(page).waitFor();
    await expectAccessibleInBothThemes(page, 'main');
  });
});
