import { TEAM_MESSAGES } from '#common/teams';

/** Errors of the team-permissions endpoints, as `{ code, message }` bodies. */
export const TEAM_ERROR_CODES = {
  TEAM_NOT_FOUND: { code: 'TEAM_NOT_FOUND', message: TEAM_MESSAGES.TEAM_NOT_FOUND },
  NOT_ALLOWED: { code: 'NOT_ALLOWED', message: 'You are not allowed to do this in this team' },
  TEAM_IS_PUBLIC: {
    code: 'TEAM_IS_PUBLIC',
    message: 'Members are added to private teams only; make the team private first',
  },
  USER_NOT_IN_ORGANIZATION: { code: 'USER_NOT_IN_ORGANIZATION', message: TEAM_MESSAGES.USER_NOT_IN_ORGANIZATION },
  ALREADY_TEAM_MEMBER: { code: 'ALREADY_TEAM_MEMBER', message: 'This user is already a member of the team' },
  NOT_A_TEAM_MEMBER: { code: 'NOT_A_TEAM_MEMBER', message: 'This user is not a member of the team' },
  OWN_ROLE: { code: 'OWN_ROLE', message: 'You cannot change your own team role' },
  LAST_OWNER: { code: 'LAST_OWNER', message: 'A team keeps at least one owner' },
  USE_TEAM_ENDPOINTS: {
    code: 'USE_TEAM_ENDPOINTS',
    message: 'Team membership and deletion go through /team-permissions endpoints, which apply the team rules',
  },
} as const;
