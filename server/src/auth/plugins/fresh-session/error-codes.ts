import { pluginErrorCodes } from '../../plugin-error-codes';

/** The fresh-session plugin's own refusals. */
export const FRESH_SESSION_ERROR_CODES = pluginErrorCodes('NOT_WHILE_IMPERSONATING');
