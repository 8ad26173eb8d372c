import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** The second step's refusals of our own, `CODE: message` like Better Auth's plugins. */
export const TWO_FACTOR_GUARD_ERROR_CODES = defineErrorCodes({
  CODE_ALREADY_USED: 'This code was already used. Wait for the next code from your authenticator app.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Try again in 15 minutes.',
});
