import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The confirmation a page is asking, found by its title: the question as a screen reader hears it
 * (the dialog's description), which button has the focus, and its two answers.
 */
export async function confirmation(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  const describedBy = await dialog.getAttribute('aria-describedby');
  return {
    question: await page.locator(`[id="${describedBy}"]`).textContent(),
    focused: await page.evaluate(() => document.activeElement?.textContent ?? null),
    confirm: async (label = 'Delete') => {
      await dialog.getByRole('button', { name: label, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    },
    cancel: async () => {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  };
}

/**
 * Answers the confirmation titled `title` with `answer`, once it asks `question` with Cancel focused
 * (so that Enter or Escape at once would have changed nothing).
 */
export async function confirmWith(page: Page, title: string, question: string, answer = 'Delete') {
  const asked = await confirmation(page, title);
  expect(asked.question).toBe(question);
  expect(asked.focused).toBe('Cancel');
  await asked.confirm(answer);
}
