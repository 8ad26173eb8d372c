import { pluginErrorCodes } from '../../plugin-error-codes';

/** The passkey guard's refusals. */
export const PASSKEY_GUARD_ERROR_CODES = pluginErrorCodes('LAST_SIGN_IN_METHOD');
