import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** The fresh-session plugin's own refusals, `CODE: message` like Better Auth's plugins. */
export const FRESH_SESSION_ERROR_CODES = defineErrorCodes({
  NOT_WHILE_IMPERSONATING: 'An impersonation session cannot be confirmed: stop impersonating first',
});
