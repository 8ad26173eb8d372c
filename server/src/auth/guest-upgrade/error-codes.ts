import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** Refusals of the guest upgrade, `CODE: message` like Better Auth's plugins. */
export const GUEST_UPGRADE_ERROR_CODES = defineErrorCodes({
  GUEST_WORK_NOT_MOVED:
    'Your guest work could not be moved to your account, so you are still signed in as a guest with all of it. Sign in to your account to try again.',
  NOT_WHILE_IMPERSONATING: "A guest's work cannot be moved while impersonating it: stop impersonating first",
});
