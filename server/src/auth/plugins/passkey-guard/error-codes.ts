import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** The passkey guard's refusals, `CODE: message` like Better Auth's plugins. */
export const PASSKEY_GUARD_ERROR_CODES = defineErrorCodes({
  LAST_SIGN_IN_METHOD:
    'This passkey is the only way to sign in to your account. Add another passkey or set a password before deleting it.',
});
