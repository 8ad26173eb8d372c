import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { createTestContext, type TestContext } from '#test/test-context';
import { enableTwoFactor } from '#test/two-factor';
import {
  enablesTwoFactor,
  isAccountAttempt,
  isCodeStep,
  isPasswordStep,
  isSignInStep,
  SIGN_IN_PATHS,
  signInMethodOf,
  signsIn,
  twoFactorCookieName,
} from './auth-paths';
import { eventOf } from './plugins/audit-trail/events';
import { signInAlerts } from './plugins/sign-in-alerts';
import { replaceSessionOnSignIn } from './plugins/fresh-session/replace-session';

const PASSWORD = 'user-password-1';
/** Sign-in endpoints of Better Auth that are no way in here: no social provider is configured. */
const NOT_CONFIGURED = new Set(['/sign-in/social']);
/** Paths named like sign-in steps that sign nobody in: asking for a sign-in link. */
const NO_STEP = new Set(['/sign-in/magic-link']);

describe('the table of auth paths', () => {
  let context: TestContext;
  beforeAll(async () => {
    // Every way in turned on: sign-in by mail too.
    context = await createTestContext('sqlite', { env: { EMAIL_SIGN_IN: 'link,code' } });
  });
  afterAll(async () => context?.destroy());

  const declared = () =>
    (Object.values(context.auth.api) as Array<{ path?: unknown }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string');

  it('names real endpoints only, and every way in Better Auth offers here', () => {
    const paths = declared();
    for (const path of SIGN_IN_PATHS) expect(paths, path).toContain(path);
    const waysIn = paths.filter(
      (path) =>
        (path.startsWith('/sign-in/') ||
          path.startsWith('/two-factor/verify-') ||
          path.endsWith('/verify-authentication') ||
          path === '/magic-link/verify') &&
        !NOT_CONFIGURED.has(path) &&
        !NO_STEP.has(path),
    );
    expect([...waysIn].sort()).toEqual([...SIGN_IN_PATHS].sort());
  });

  it('tells first steps from code steps, and each step its method', () => {
    expect(SIGN_IN_PATHS.map((path) => [path, signInMethodOf(path), isCodeStep(path)])).toEqual([
      ['/sign-in/email', 'email', false],
      ['/sign-in/anonymous', 'anonymous', false],
      ['/passkey/verify-authentication', 'passkey', false],
      ['/magic-link/verify', 'magic_link', false],
      ['/sign-in/email-otp', 'email_otp', false],
      ['/two-factor/verify-totp', 'totp', true],
      ['/two-factor/verify-otp', 'otp', true],
      ['/two-factor/verify-backup-code', 'backup_code', true],
    ]);
    expect(SIGN_IN_PATHS.filter(enablesTwoFactor)).toEqual(['/two-factor/verify-totp', '/two-factor/verify-otp']);
    expect(SIGN_IN_PATHS.filter(isPasswordStep)).toEqual(['/sign-in/email']);
    expect(SIGN_IN_PATHS.filter(isAccountAttempt)).toEqual(
      SIGN_IN_PATHS.filter((path) => path !== '/sign-in/anonymous'),
    );
    expect(isAccountAttempt('/reset-password')).toBe(true);
    // Inherited names are no paths.
    expect(isSignInStep('constructor')).toBe(false);
    expect(signInMethodOf('/sign-up/email')).toBeUndefined();
  });

  it('counts a code step with a session as no sign-in, and every other step as one', () => {
    for (const path of SIGN_IN_PATHS) {
      expect(signsIn(path, false), path).toBe(true);
      expect(signsIn(path, true), path).toBe(!isCodeStep(path));
    }
    expect(signsIn('/sign-up/email', false)).toBe(false);
  });

  it('gives every way in an audit row with its method, and a code confirming an app its own', () => {
    const finished = (path: string) => ({ path, body: {}, answer: {}, ipAddress: null, userAgent: undefined });
    for (const path of SIGN_IN_PATHS) {
      const event = eventOf(finished(path), { signedIn: false, userId: 'someone' });
      expect([path, event?.action, event?.details?.method]).toEqual([path, 'user.sign_in', signInMethodOf(path)]);
      const refused = eventOf({ ...finished(path), failure: { code: 'X', status: 401 } }, { signedIn: false });
      // A failure with nobody named is an attempt on an account, except a guest's.
      expect([path, refused?.action]).toEqual([path, path === '/sign-in/anonymous' ? undefined : 'user.sign_in']);
    }
    const confirming = (path: string) => eventOf(finished(path), { signedIn: true, userId: 'someone' })?.action;
    expect(confirming('/two-factor/verify-totp')).toBe('two_factor.enable');
    expect(confirming('/two-factor/verify-otp')).toBe('two_factor.enable');
    expect(confirming('/two-factor/verify-backup-code')).toBeUndefined();
  });

  it('has sign-in alerts and session replacement listen on every way in', () => {
    const alerts = signInAlerts({ logger: context.logger } as Parameters<typeof signInAlerts>[0]);
    const matcher = alerts.hooks.after[0]!.matcher;
    for (const path of SIGN_IN_PATHS) {
      expect(matcher({ path } as Parameters<typeof matcher>[0]), path).toBe(true);
      expect(replaceSessionOnSignIn.matcher({ path }), path).toBe(true);
    }
    expect(matcher({ path: '/sign-up/email' } as Parameters<typeof matcher>[0])).toBe(false);
  });

  it("names the two-factor cookie as Better Auth's own sign-in sets it", async () => {
    const { client } = await signUp(context.app, { email: 'cookie@example.com', password: PASSWORD });
    await enableTwoFactor(client, PASSWORD);
    const browser = new TestClient(context.app);
    const signedIn = await browser.post('/api/auth/sign-in/email', { email: 'cookie@example.com', password: PASSWORD });
    expect(signedIn.body).toMatchObject({ twoFactorRedirect: true });
    const name = twoFactorCookieName(await context.auth.$context);
    const set = signedIn.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(set).toContain(name);
    expect(browser.cookie(name)).toBeTruthy();
  });
});
