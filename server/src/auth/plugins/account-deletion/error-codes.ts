import { defineErrorCodes } from '@better-auth/core/utils/error-codes';
import { DELETION_PASSWORD_REQUIRED } from '#common/account-deletion';

/** The account-deletion plugin's own refusals, `CODE: message` like Better Auth's plugins. */
export const ACCOUNT_DELETION_ERROR_CODES = defineErrorCodes({
  PASSWORD_REQUIRED: DELETION_PASSWORD_REQUIRED,
  GUEST_HAS_NO_PASSWORD: 'A guest account has no password: it is deleted without one, by POST /delete-anonymous-user',
  /** The message sent names the organizations (see `lastOwnerMessage`). */
  LAST_OWNER: 'You are the last owner of an organization with other members',
});
