import type { BetterAuthPlugin } from 'better-auth';
import { confirmPassword, FRESH_SESSION_PATH } from './confirm-password';
import { FRESH_SESSION_ERROR_CODES } from './error-codes';
import { replaceSessionOnSignIn } from './replace-session';

export { FRESH_SESSION_PATH };

/**
 * Getting a fresh session back without leaving the page: by password (`POST /fresh-session`), or by
 * signing in again with a passkey, either way replacing the session the browser held (decision 0032).
 */
export function freshSession() {
  return {
    id: 'fresh-session',
    endpoints: { freshSession: confirmPassword },
    hooks: { after: [replaceSessionOnSignIn] },
    // As Better Auth limits its sign-ins: a password is guessed no faster here than at sign-in.
    rateLimit: [{ pathMatcher: (path: string) => path === FRESH_SESSION_PATH, window: 10, max: 3 }],
    $ERROR_CODES: FRESH_SESSION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
