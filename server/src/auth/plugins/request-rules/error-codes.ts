import { defineErrorCodes } from '@better-auth/core/utils/error-codes';

/** The request rules' own refusals, `CODE: message` like Better Auth's plugins. */
export const REQUEST_RULE_ERROR_CODES = defineErrorCodes({
  BANNED_USER_NOT_IMPERSONATED: 'A banned user cannot be impersonated',
  NO_API_KEYS_FOR_GUESTS: 'Guest accounts cannot create API keys. Sign up first.',
});
