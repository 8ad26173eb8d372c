import { expect, vi } from 'vitest';
import { parseCsv } from './csv';
import type { TestClient, TestResponse } from './http-client';
import { TEST_ORIGIN, type TestContext } from './test-context';

/**
 * Cell values a spreadsheet would run as formulas, each with what an export must write instead: the
 * same text after a quote, which a spreadsheet reads as text.
 */
export const FORMULA_CELLS = [
  ['=HYPERLINK("https://evil.example","open")', `'=HYPERLINK("https://evil.example","open")`],
  ['+1+1', "'+1+1"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
] as const;

/** An export read whole; fails the test unless it answers 200 with this header row. Its other rows. */
export async function downloadCsv(client: TestClient, path: string, header: string[]) {
  const response = await client.get(path);
  expect(response.status, response.text).toBe(200);
  const [first, ...rows] = parseCsv(response.text);
  expect(first).toEqual(header);
  return { response, rows };
}

/** Expects the answer to be a CSV download named `<name>-<today>.csv` that no cache keeps. */
export function expectCsvDownload(response: TestResponse, name: string) {
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const day = new Date().toISOString().slice(0, 10);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}-${day}.csv"`);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

/** Counts, from now on, the queries that read `from`: an export's batch query reads it once a batch. */
export function countQueriesOf(context: TestContext, from: string) {
  const selectFrom = vi.spyOn(context.database.db, 'selectFrom');
  return () => selectFrom.mock.calls.filter(([table]) => table === from).length;
}

/**
 * Reads an export as a slow client does: its first chunk (which opens with the UTF-8 BOM), then
 * `meanwhile` runs, then the rest. The rows after the header.
 */
export async function readSlowly(
  context: TestContext,
  client: TestClient,
  path: string,
  meanwhile: () => Promise<void>,
) {
  const response = await context.app.fetch(
    new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: client.cookieHeader, origin: TEST_ORIGIN } }),
  );
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect([...first.value!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  await meanwhile();
  const chunks = [first.value!];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return parseCsv(Buffer.concat(chunks).toString('utf8')).slice(1);
}
