import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { E2E_ADMIN } from './server';
import { createUser, newUser, signInContext, type TestUser } from './users';

/** A second person at their own browser, signed in (closed after the test). */
export interface Visitor {
  context: BrowserContext;
  page: Page;
}

export interface OrganizationFixture {
  id: string;
  name: string;
  slug: string;
}

export interface BrowserFixture {
  baseURL: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /**
   * A refusal the current test provokes on purpose (a wrong password's 401 on its sign-in path): the
   * browser logs it as a console error, which the test then accepts for that path and status alone,
   * and the refusal must come.
   */
  expectRefusal(status: number, path: string | RegExp): void;
  /** The one console error that is not a refusal: a test that cuts the console's own code off. */
  allowConsoleError(pattern: RegExp): void;
  /** A new user no other test knows, signed in in this test's browser. */
  signInAsNewUser(prefix?: string): Promise<TestUser>;
  /** A new user signed in, on `path` once the heading named `heading` shows. */
  openAsNewUser(prefix: string, path: string, heading: string): Promise<TestUser>;
  /** The platform admin the server was started with, signed in in this test's browser. */
  signInAsAdmin(): Promise<void>;
  /** Someone else (an existing user) signed in at a browser of their own. */
  visitorSignedInAs(user: Pick<TestUser, 'email' | 'password'>): Promise<Visitor>;
  /** An organization made through the API by whoever is signed in in this test's browser. */
  createOrganization(name: string): Promise<OrganizationFixture>;
}

/**
 * A browser per test file and a fresh context (cookies, storage) per test. A test fails on any
 * unexpected console error or uncaught page error.
 */
export function useBrowser(): BrowserFixture {
  const fixture = { baseURL: inject('baseURL') } as BrowserFixture;
  let consoleErrors: ConsoleError[] = [];
  let allowed: RegExp[] = [];
  let refusals: ExpectedRefusal[] = [];
  let visitors: BrowserContext[] = [];

  fixture.signInAsNewUser = async (prefix) => {
    const user = await createUser(fixture.baseURL, newUser(prefix));
    await signInContext(fixture.context, fixture.baseURL, user);
    return user;
  };
  fixture.openAsNewUser = async (prefix, path, heading) => {
    const user = await fixture.signInAsNewUser(prefix);
    await fixture.page.goto(path);
    await fixture.page.getByRole('heading', { name: heading }).waitFor();
    return user;
  };
  fixture.signInAsAdmin = () => signInContext(fixture.context, fixture.baseURL, E2E_ADMIN);
  fixture.visitorSignedInAs = async (user) => {
    const context = await fixture.browser.newContext({ baseURL: fixture.baseURL });
    visitors.push(context);
    await signInContext(context, fixture.baseURL, user);
    return { context, page: await context.newPage() };
  };
  fixture.createOrganization = async (name) => {
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
    const response = await fixture.context.request.post(`${fixture.baseURL}/api/auth/organization/create`, {
      data: { name, slug },
      headers: { origin: fixture.baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as OrganizationFixture;
  };

  beforeAll(async () => {
    fixture.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });

  beforeEach(async () => {
    consoleErrors = [];
    allowed = [];
    refusals = [];
    fixture.allowConsoleError = (pattern) => allowed.push(pattern);
    fixture.expectRefusal = (status, path) => refusals.push({ status, path, seen: false });
    fixture.context = await fixture.browser.newContext({ baseURL: fixture.baseURL });
    fixture.context.setDefaultTimeout(15_000);
    fixture.page = await fixture.context.newPage();
    fixture.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url });
    });
    fixture.page.on('pageerror', (error) => consoleErrors.push({ text: `page error: ${error.message}`, url: '' }));
  });

  afterEach(async () => {
    await Promise.all([...visitors, fixture.context].map(closeOrLeave));
    visitors = [];
    const unexpected = consoleErrors
      .filter((error) => !isExpectedRefusal(error, refusals) && !allowed.some((pattern) => pattern.test(error.text)))
      .map(({ text, url }) => (url ? `${text} (${url})` : text));
    expect(unexpected, 'unexpected console errors').toEqual([]);
    const missing = refusals.filter(({ seen }) => !seen).map(({ status, path }) => `${status} ${String(path)}`);
    expect(missing, 'expected refusals that never came').toEqual([]);
  });

  return fixture;
}

interface ConsoleError {
  text: string;
  /** Where it comes from: for a refused request, the request's address. */
  url: string;
}

interface ExpectedRefusal {
  status: number;
  /** The request's path, without its query; a pattern where it holds an id the test does not know. */
  path: string | RegExp;
  seen: boolean;
}

/** Chromium's words for a request answered with an error status. */
const REFUSED = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/** Whether a console error is one of the expected refusals (same status, same path), marking it seen. */
function isExpectedRefusal(error: ConsoleError, refusals: ExpectedRefusal[]): boolean {
  const status = Number(REFUSED.exec(error.text)?.[1]);
  if (!status || !error.url) return false;
  const { pathname } = new URL(error.url);
  const refusal = refusals.find(
    ({ status: expected, path }) =>
      expected === status && (typeof path === 'string' ? path === pathname : path.test(pathname)),
  );
  if (refusal) refusal.seen = true;
  return Boolean(refusal);
}

const CLOSE_WAIT_MS = 15_000;

/**
 * Closes a browser context, or leaves it to the browser's own close after the file when Chromium
 * does not answer (under load it has once kept a close waiting past the hook's minute): the test
 * has passed or failed by then, and its pages can do nothing more.
 */
async function closeOrLeave(context: BrowserContext | undefined) {
  if (!context) return;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'left'>((resolve) => (timer = setTimeout(() => resolve('left'), CLOSE_WAIT_MS)));
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), waited]);
  clearTimeout(timer);
  if (outcome === 'left') process.stderr.write(`browser context not closed after ${CLOSE_WAIT_MS} ms: left open\n`);
}

/** The tab title of each screen a test lands on: the router changes the URL before it renders the screen. */
const TITLES = {
  '/auth': /^(Sign in|Create account) · Gatehouse$/,
  '/forgot-password': /^Forgot your password\? · Gatehouse$/,
  '/reset-password': /^Choose a new password · Gatehouse$/,
  '/profile': /^Profile · Gatehouse$/,
  '/organizations': /^Organizations · Gatehouse$/,
  '/teams/some-team': /^Team not found · Gatehouse$/,
  '/admin/users': /^Users · Admin · Gatehouse$/,
  '/admin/organizations': /^Organizations · Admin · Gatehouse$/,
  '/admin/overview': /^Overview · Admin · Gatehouse$/,
  '/admin/outbox': /^Outbox · Admin · Gatehouse$/,
  '/admin/applications': /^Applications · Admin · Gatehouse$/,
} as const;

/** An organization's admin page: its name (or "Organization" while it loads), then its list's. */
const ORGANIZATION_TITLE = /^.+ · Organizations · Admin · Gatehouse$/;

/** An organization's own page: its name (or "Organization" while it loads), then the list's. */
const OWN_ORGANIZATION_TITLE = /^.+ · Organizations · Gatehouse$/;

/** A screen's path that `expectPath` knows the title of. */
export type ScreenPath = keyof typeof TITLES | `/admin/organizations/${string}` | `/organizations/${string}`;

const titleOf = (pathname: ScreenPath) =>
  pathname in TITLES
    ? TITLES[pathname as keyof typeof TITLES]
    : pathname.startsWith('/admin/')
      ? ORGANIZATION_TITLE
      : OWN_ORGANIZATION_TITLE;

/**
 * Resolves when the page's path is `pathname` (client-side redirects included) and its screen shows,
 * or the page has already gone on from it (a sign-in screen a passkey's autofill leaves at once).
 */
export async function expectPath(page: Page, pathname: ScreenPath) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  const title = titleOf(pathname);
  await expect
    .poll(async () => (new URL(page.url()).pathname === pathname ? page.title() : 'gone on'), { timeout: 15_000 })
    .toMatch(new RegExp(`${title.source}|^gone on$`));
}

/** The toasts on screen, to find an outcome's message in. */
export const toasts = (page: Page): Locator => page.locator('[data-sonner-toaster]');
