import { defineErrorCodes } from '@better-auth/core/utils/error-codes';
import { GUEST_CANNOT_INVITE_MESSAGE, INVITER_NOT_VERIFIED_MESSAGE } from '#common/organizations';

/** The invitation guard's own refusals, `CODE: message` like Better Auth's plugins. */
export const INVITATION_ERROR_CODES = defineErrorCodes({
  INVITER_NOT_VERIFIED: INVITER_NOT_VERIFIED_MESSAGE,
  GUEST_CANNOT_INVITE: GUEST_CANNOT_INVITE_MESSAGE,
});
