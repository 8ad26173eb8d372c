import type { TeamPermissionMode } from '#common/teams';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const setPermissionMode = ({ teamId, permissionMode }: { teamId: string; permissionMode: TeamPermissionMode }) =>
  unwrap(authClient.teamPermissions.setPermissionMode({ teamId, permissionMode }), 'Failed to update the team');

/** Makes the team public or private; the team and the organization's team lists show the new mode. */
export const useSetPermissionMode = (teamId: string) =>
  useRefreshingMutation({ mutationFn: setPermissionMode, refreshes: [queryKeys.team(teamId), queryKeys.teams.all] });
