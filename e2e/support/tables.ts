import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** A row's cell under the column of that header, as a person reads a table (never by position). */
export async function cellOf(row: Locator, header: string): Promise<Locator> {
  // The headers are read once: the row's table must be on screen first.
  await row.first().waitFor();
  const table = row.locator('xpath=ancestor::table[1]');
  const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `no column "${header}" among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}
