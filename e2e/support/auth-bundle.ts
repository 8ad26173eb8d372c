import type { Browser } from 'playwright-core';

/** What showing /auth may cost in JavaScript, gzipped as transferred (see docs/decisions/0020). */
export const AUTH_BUNDLE_BUDGET_BYTES = 100 * 1024;

export interface AuthBundle {
  /** Each script by path, in the order the browser finished it, with its bytes on the wire. */
  scripts: Array<{ path: string; bytes: number }>;
  total: number;
}

/**
 * The JavaScript a first-time visitor's browser downloads to show /auth: every script until the
 * network is idle, in bytes as transferred (gzipped by the server, headers included), as Chromium
 * counts them. A fresh context, so nothing comes from a cache.
 */
export async function measureAuthBundle(baseURL: string, browser: Browser): Promise<AuthBundle> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    const scriptBytes: AuthBundle['scripts'] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, new URL(event.response.url).pathname);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const path = scripts.get(event.requestId);
      if (path !== undefined) scriptBytes.push({ path, bytes: event.encodedDataLength });
    });
    await page.goto(`${baseURL}/auth`);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.waitForLoadState('networkidle');
    return { scripts: scriptBytes, total: scriptBytes.reduce((sum, script) => sum + script.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** One line per script, then the total against the budget. */
export function formatAuthBundle({ scripts, total }: AuthBundle): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines = scripts.map(({ path, bytes }) => `${kb(bytes).padStart(7)} KB  ${path}`);
  const budget = AUTH_BUNDLE_BUDGET_BYTES;
  lines.push(
    `JS loaded by /auth: ${kb(total)} KB transferred (gzip), ${(total / budget).toFixed(2)} of the ${kb(budget)} KB budget`,
  );
  return `${lines.join('\n')}\n`;
}
