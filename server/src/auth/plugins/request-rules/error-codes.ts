import { pluginErrorCodes } from '../../plugin-error-codes';

/** The request rules' own refusals. */
export const REQUEST_RULE_ERROR_CODES = pluginErrorCodes('BANNED_USER_NOT_IMPERSONATED', 'NO_API_KEYS_FOR_GUESTS');
