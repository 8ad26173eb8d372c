/**
 * Better Auth's endpoints that change how an account signs in or is kept safe, or delete it: an
 * admin acting as the user may use the account, never take it over or lock its owner out.
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
]);

/** Every two-factor endpoint: turning it on or off, its secret, its backup codes, its codes. */
const SENSITIVE_PREFIXES = ['/two-factor/'];

export const isSensitivePath = (path: string | undefined): boolean =>
  !!path && (SENSITIVE_PATHS.has(path) || SENSITIVE_PREFIXES.some((prefix) => path.startsWith(prefix)));
