import { defineErrorCodes } from '@better-auth/core/utils/error-codes';
import { TEAM_MESSAGES } from '#common/teams';

/**
 * The errors of the team-permissions endpoints, `CODE: message` like Better Auth's own plugins;
 * routes throw `APIError.from(status, TEAM_ERROR_CODES.CODE)`. Words the console also shows come
 * from `TEAM_MESSAGES`, so both sides say the same. Browser-safe: the client plugin imports it.
 */
export const TEAM_ERROR_CODES = defineErrorCodes({
  TEAM_NOT_FOUND: TEAM_MESSAGES.TEAM_NOT_FOUND,
  NOT_ALLOWED: 'You are not allowed to do this in this team',
  TEAM_IS_PUBLIC: 'Members are added to private teams only; make the team private first',
  USER_NOT_IN_ORGANIZATION: TEAM_MESSAGES.USER_NOT_IN_ORGANIZATION,
  ALREADY_TEAM_MEMBER: 'This user is already a member of the team',
  NOT_A_TEAM_MEMBER: 'This user is not a member of the team',
  OWN_ROLE: 'You cannot change your own team role',
  LAST_OWNER: 'A team keeps at least one owner',
  USE_TEAM_ENDPOINTS: 'Team membership and deletion go through /team-permissions endpoints, which apply the team rules',
});
