import { pluginErrorCodes } from '../plugin-error-codes';

/** Refusals of sign-in through identity providers and of unlinking a linked account. */
export const IDENTITY_PROVIDER_ERROR_CODES = pluginErrorCodes(
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_ID_TOKEN_NOT_ACCEPTED',
  'LAST_WAY_TO_SIGN_IN',
  'LINKED_ACCOUNT_NOT_FOUND',
  'NO_LINKING_FOR_GUESTS',
);
