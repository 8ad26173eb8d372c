import type { Locator } from 'playwright-core';

/**
 * The error a field shows: the message its control names as its description while it is marked
 * invalid, else null. Forms check their fields on submit asynchronously: read it with `expect.poll`.
 */
export async function fieldError(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const describedBy = await field.getAttribute('aria-describedby');
  return describedBy ? field.page().locator(`[id="${describedBy}"]`).textContent() : null;
}
