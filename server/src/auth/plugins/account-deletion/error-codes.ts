import { pluginErrorCodes } from '../../plugin-error-codes';

/** The account-deletion plugin's own refusals (LAST_OWNER's message names the organizations: `lastOwnerMessage`). */
export const ACCOUNT_DELETION_ERROR_CODES = pluginErrorCodes(
  'PASSWORD_REQUIRED',
  'GUEST_HAS_NO_PASSWORD',
  'LAST_OWNER',
);
