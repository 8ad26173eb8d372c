import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Serious and critical WCAG 2 A/AA violations on the page (or inside `selector`), as "rule: target" lines. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // Colours still easing after a theme switch (buttons' `transition-colors`) read as half-way ones.
  // Spinners turn for ever: only transitions are waited for (a cancelled one counts as done).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Opens `path`, waits until it has loaded (`ready`: its heading's name, or what else shows then), and
 * returns the screen's serious violations.
 */
export async function violationsAt(page: Page, path: string, ready: string | Locator): Promise<string[]> {
  await page.goto(path);
  await (typeof ready === 'string' ? page.getByRole('heading', { name: ready }) : ready).waitFor();
  return seriousViolations(page);
}

/**
 * Opens the confirmation `opener` asks (a "Delete user" one), returns its serious violations, and
 * answers it with Escape: nothing is deleted.
 */
export async function deleteUserDialogViolations(page: Page, opener: Locator): Promise<string[]> {
  await opener.click();
  await page.getByRole('alertdialog', { name: 'Delete user' }).waitFor();
  const found = await seriousViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  return found;
}

/** Runs `check` with the page in the light theme, then in the dark one (as the system would ask). */
export async function inBothThemes(page: Page, check: (colorScheme: 'light' | 'dark') => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(colorScheme === 'dark');
    await check(colorScheme);
  }
}

/**
 * Expects no serious violations (inside `selector`, else on the page) in the light theme, then the
 * dark; `label` names the screen in a failure. The page goes back to light, the context's default.
 */
export async function expectAccessibleInBothThemes(page: Page, selector?: string, label?: string) {
  await inBothThemes(page, async (colorScheme) => {
    expect(await seriousViolations(page, selector), [label, colorScheme].filter(Boolean).join(' ')).toEqual([]);
  });
  await page.emulateMedia({ colorScheme: 'light' });
}
