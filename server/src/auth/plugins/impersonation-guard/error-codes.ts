import { pluginErrorCodes } from '../../plugin-error-codes';

/** The impersonation guard's own refusals. */
export const IMPERSONATION_ERROR_CODES = pluginErrorCodes(
  'REASON_REQUIRED',
  'REASON_TOO_LONG',
  'NOT_WHILE_IMPERSONATING',
  'ADMIN_SESSION_ENDED',
);
