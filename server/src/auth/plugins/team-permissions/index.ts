import type { BetterAuthPlugin } from 'better-auth';
import { TEAM_ERROR_CODES } from './error-codes';
import { teamPermissionsHooks } from './hooks';
import { addMember } from './routes/add-member';
import { checkPermission } from './routes/check-permission';
import { deleteTeam } from './routes/delete-team';
import { getTeam } from './routes/get-team';
import { getTeamRole } from './routes/get-team-role';
import { listTeams } from './routes/list-teams';
import { removeMember } from './routes/remove-member';
import { setPermissionMode } from './routes/set-permission-mode';
import { setRole } from './routes/set-role';
import { teamPermissionsSchema } from './schema';

/**
 * Team-level permissions on top of Better Auth's organization teams: a public/private mode per team,
 * an owner/member role per team member, and endpoints that enforce who may change what. The console
 * calls them through `teamPermissionsClient()` (client.ts).
 */
export function teamPermissions() {
  return {
    id: 'team-permissions',
    schema: teamPermissionsSchema,
    // Keys carry a `team` prefix: plugin endpoint keys share one namespace with the organization
    // plugin's (`addMember`, `listTeams`). Clients name endpoints by path, so they never see these keys.
    endpoints: {
      teamGetTeam: getTeam,
      teamGetTeamRole: getTeamRole,
      teamCheckPermission: checkPermission,
      teamSetPermissionMode: setPermissionMode,
      teamAddMember: addMember,
      teamSetRole: setRole,
      teamRemoveMember: removeMember,
      teamDeleteTeam: deleteTeam,
      teamListTeams: listTeams,
    },
    hooks: teamPermissionsHooks,
    $ERROR_CODES: TEAM_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
