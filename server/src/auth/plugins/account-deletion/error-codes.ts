import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** The account-deletion plugin's own refusals, `CODE: message` like Better Auth's plugins. */
export const ACCOUNT_DELETION_ERROR_CODES = defineErrorCodes({
  PASSWORD_REQUIRED: 'Enter your password to delete your account',
  NOT_WHILE_IMPERSONATING: 'An impersonated account cannot be deleted: stop impersonating first',
  /** The message sent names the organizations (see `lastOwnerMessage`). */
  LAST_OWNER: 'You are the last owner of an organization with other members',
});
