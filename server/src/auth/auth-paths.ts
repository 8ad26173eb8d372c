/**
 * Better Auth's paths (under its base path) that our rules are about, named once: every plugin,
 * metric and middleware asks this module rather than keeping a list of its own (decision 0066).
 */

/** How a sign-in step proves who signs in. */
export type SignInMethod =
  'email' | 'anonymous' | 'passkey' | 'magic_link' | 'email_otp' | 'totp' | 'otp' | 'backup_code';

interface SignInStep {
  method: SignInMethod;
  /**
   * The code step of a two-factor sign-in, after a right password. Sent with a session, the same
   * path is someone signed in confirming an authenticator instead.
   */
  codeStep: boolean;
  /** A code step that, sent with a session, turns two-factor on (a backup code never does). */
  enablesTwoFactor?: true;
}

/** Every way in: each path that can hand over a session of a registered person or a guest. */
const SIGN_IN_STEPS: Readonly<Record<string, SignInStep>> = {
  '/sign-in/email': { method: 'email', codeStep: false },
  '/sign-in/anonymous': { method: 'anonymous', codeStep: false },
  '/passkey/verify-authentication': { method: 'passkey', codeStep: false },
  // Sign-in by mail (`EMAIL_SIGN_IN`): a link followed, a code typed.
  '/magic-link/verify': { method: 'magic_link', codeStep: false },
  '/sign-in/email-otp': { method: 'email_otp', codeStep: false },
  '/two-factor/verify-totp': { method: 'totp', codeStep: true, enablesTwoFactor: true },
  '/two-factor/verify-otp': { method: 'otp', codeStep: true, enablesTwoFactor: true },
  '/two-factor/verify-backup-code': { method: 'backup_code', codeStep: true },
};

const stepOf = (path: string | undefined) =>
  path !== undefined && Object.hasOwn(SIGN_IN_STEPS, path) ? SIGN_IN_STEPS[path] : undefined;

/** Every sign-in path, code steps included. */
export const SIGN_IN_PATHS: readonly string[] = Object.keys(SIGN_IN_STEPS);

/** Whether the path is a sign-in step (a first step or a code step). */
export const isSignInStep = (path: string | undefined) => stepOf(path) !== undefined;

/** How the sign-in step on this path proves who signs in; undefined for any other path. */
export const signInMethodOf = (path: string | undefined) => stepOf(path)?.method;

/** Whether the path is a code step of a two-factor sign-in (or confirms an authenticator). */
export const isCodeStep = (path: string | undefined) => stepOf(path)?.codeStep === true;

/** Whether a code step sent with a session turns two-factor on. */
export const enablesTwoFactor = (path: string | undefined) => stepOf(path)?.enablesTwoFactor === true;

/**
 * Whether a request on this path signs someone in. A code step sent with a session is someone signed
 * in confirming an authenticator (turning two-factor on), whatever other cookie it carries: Better
 * Auth's two-factor plugin decides by the session, and so does everything that counts sign-ins.
 */
export const signsIn = (path: string | undefined, signedIn: boolean) => {
  const step = stepOf(path);
  return step !== undefined && !(step.codeStep && signedIn);
};

/**
 * Whether the path is the password step, the one Better Auth's two-factor plugin holds for a code
 * (it also reads the trusted-device cookie there).
 */
export const isPasswordStep = (path: string | undefined) => stepOf(path)?.method === 'email';

/** The paths of sign-in by mail: asking for a link or a code, then following it or typing it. */
export const MAIL_SIGN_IN_PATHS = {
  sendLink: '/sign-in/magic-link',
  followLink: '/magic-link/verify',
  sendCode: '/email-otp/send-verification-otp',
  checkCode: '/sign-in/email-otp',
} as const;

/** Whether the path is a first step of a sign-in (any way in but a code step). */
export const isFirstStep = (path: string | undefined) => stepOf(path)?.codeStep === false;

/**
 * Whether a failure on this path is an attempt on someone's account, recorded even with nobody
 * signed in: every sign-in step but a guest's, and a password reset.
 */
export const isAccountAttempt = (path: string | undefined) => {
  const step = stepOf(path);
  return (step !== undefined && step.method !== 'anonymous') || path === '/reset-password';
};

/**
 * Endpoints that change how an account signs in or is kept safe, or delete it: an admin acting as
 * the user may use the account, never take it over or lock its owner out.
 */
export const SENSITIVE_PATHS: ReadonlySet<string> = new Set([
  '/change-password',
  '/verify-password',
  '/change-email',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/update-passkey',
  '/passkey/delete-passkey',
  '/api-key/create',
  '/api-key/update',
  '/api-key/delete',
  '/delete-user',
  '/delete-user/callback',
  '/delete-anonymous-user',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/unlink-account',
]);

/** Every two-factor endpoint: turning it on or off, its secret, its backup codes, its codes. */
const SENSITIVE_PREFIXES = ['/two-factor/'];

/** Whether the path is a sensitive action (`SENSITIVE_PATHS`, or any two-factor endpoint). */
export const isSensitivePath = (path: string | undefined): boolean =>
  !!path && (SENSITIVE_PATHS.has(path) || SENSITIVE_PREFIXES.some((prefix) => path.startsWith(prefix)));

/** The name of Better Auth's two-factor plugin cookie (its `TWO_FACTOR_COOKIE_NAME`, not exported). */
const TWO_FACTOR_COOKIE = 'two_factor';

/**
 * The cookie of a sign-in waiting for its second factor, named as Better Auth's two-factor plugin
 * names it: through the auth context's `createAuthCookie`, so the configured cookie prefix and the
 * `__Secure-` prefix over https apply.
 */
export const twoFactorCookieName = (context: { createAuthCookie: (name: string) => { name: string } }): string =>
  context.createAuthCookie(TWO_FACTOR_COOKIE).name;
