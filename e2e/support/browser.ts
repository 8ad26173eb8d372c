import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface BrowserFixture {
  baseURL: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors the current test expects (for example the 401 of a wrong password). */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * A browser per test file and a fresh context (cookies, storage) per test. A test fails on any
 * unexpected console error or uncaught page error.
 */
export function useBrowser(): BrowserFixture {
  const fixture = { baseURL: inject('baseURL') } as BrowserFixture;
  let consoleErrors: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    fixture.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });

  beforeEach(async () => {
    consoleErrors = [];
    allowed = [];
    fixture.allowConsoleError = (pattern) => allowed.push(pattern);
    fixture.context = await fixture.browser.newContext({ baseURL: fixture.baseURL });
    fixture.context.setDefaultTimeout(10_000);
    fixture.page = await fixture.context.newPage();
    fixture.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    fixture.page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  });

  afterEach(async () => {
    await fixture.context?.close();
    const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, 'unexpected console errors').toEqual([]);
  });

  return fixture;
}

/** Resolves when the page's path is `pathname` (client-side redirects included). */
export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
  expect(new URL(page.url()).pathname).toBe(pathname);
}
