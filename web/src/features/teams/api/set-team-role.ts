import type { TeamRole } from '#common/teams';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const setTeamRole = ({ teamId, userId, role }: { teamId: string; userId: string; role: TeamRole }) =>
  unwrap(authClient.teamPermissions.setRole({ teamId, userId, role }), 'Failed to change the role');

/** Promotes or demotes a member; the team's member list shows the new role. */
export const useSetTeamRole = (teamId: string) =>
  useRefreshingMutation({ mutationFn: setTeamRole, refreshes: [queryKeys.team(teamId), queryKeys.teams.all] });
