import { ERROR_MESSAGES } from '#common/error-messages';
import { PROVIDER_SIGN_IN_ERRORS } from '#common/identity-providers';

const SIGN_IN_FAILED = 'The sign-in did not complete. Try again.';

/**
 * The words for the `?error=` code a sign-in comes back to /auth with: a provider's return (Better
 * Auth's codes) or a mailed link (its codes, and ours from the error catalogue). Loaded only when
 * there is one, out of the screen's first chunk.
 */
export const returnError = (code: string): string =>
  (Object.hasOwn(PROVIDER_SIGN_IN_ERRORS, code) ? PROVIDER_SIGN_IN_ERRORS[code] : ERROR_MESSAGES[code]) ??
  SIGN_IN_FAILED;
