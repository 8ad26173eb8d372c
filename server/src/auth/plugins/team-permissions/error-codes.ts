import { pluginErrorCodes } from '../../plugin-error-codes';

/**
 * The errors of the team-permissions endpoints; routes throw `APIError.from(status, TEAM_ERROR_CODES.CODE)`.
 * Browser-safe: the client plugin imports it.
 */
export const TEAM_ERROR_CODES = pluginErrorCodes(
  'TEAM_NOT_FOUND',
  'NOT_ALLOWED',
  'TEAM_IS_PUBLIC',
  'USER_NOT_IN_ORGANIZATION',
  'ALREADY_TEAM_MEMBER',
  'NOT_A_TEAM_MEMBER',
  'OWN_ROLE',
  'TEAM_LAST_OWNER',
  'USE_TEAM_ENDPOINTS',
);
