import { ERROR_CODES } from '#common/error-codes';
import { ERROR_MESSAGES } from '#common/error-messages';
import { PROVIDER_SIGN_IN_ERRORS } from '#common/identity-providers';

const SIGN_IN_FAILED = 'The sign-in did not complete. Try again.';

const own = (table: Readonly<Record<string, string>>, code: string) =>
  Object.hasOwn(table, code) ? table[code] : undefined;

/**
 * The words for the `?error=` code a sign-in comes back to /auth with: a provider's return (Better
 * Auth's codes, as the console words them) or a mailed link (Better Auth's, and ours from the error
 * catalogue). Loaded only when there is one, out of the screen's first chunk.
 */
export const returnError = (code: string): string =>
  own(PROVIDER_SIGN_IN_ERRORS, code) ?? own(ERROR_MESSAGES, code) ?? own(ERROR_CODES, code) ?? SIGN_IN_FAILED;
