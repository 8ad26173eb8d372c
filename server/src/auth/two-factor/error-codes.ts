import { pluginErrorCodes } from '../plugin-error-codes';

/** The second step's refusals of our own. */
export const TWO_FACTOR_GUARD_ERROR_CODES = pluginErrorCodes('CODE_ALREADY_USED', 'ACCOUNT_TEMPORARILY_LOCKED');
