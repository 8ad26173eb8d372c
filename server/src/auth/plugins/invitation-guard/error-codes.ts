import { pluginErrorCodes } from '../../plugin-error-codes';

/** The invitation guard's own refusals. */
export const INVITATION_ERROR_CODES = pluginErrorCodes('INVITER_NOT_VERIFIED', 'GUEST_CANNOT_INVITE', 'RATE_LIMITED');
