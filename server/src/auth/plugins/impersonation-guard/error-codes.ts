import { defineErrorCodes } from '@better-auth/core/utils/error-codes';
import {
  IMPERSONATION_REASON_REQUIRED,
  IMPERSONATION_REASON_TOO_LONG,
  NOT_WHILE_IMPERSONATING_MESSAGE,
} from '#common/admin';

/** The impersonation guard's own refusals, `CODE: message` like Better Auth's plugins. */
export const IMPERSONATION_ERROR_CODES = defineErrorCodes({
  REASON_REQUIRED: IMPERSONATION_REASON_REQUIRED,
  REASON_TOO_LONG: IMPERSONATION_REASON_TOO_LONG,
  NOT_WHILE_IMPERSONATING: NOT_WHILE_IMPERSONATING_MESSAGE,
});
