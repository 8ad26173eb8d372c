import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export const deleteTeam = (teamId: string) =>
  unwrap(authClient.teamPermissions.deleteTeam({ teamId }), 'Failed to delete the team');

/** Deletes the team: its own entry is dropped (not refetched: it is gone), the team lists refresh. */
export function useDeleteTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.team(teamId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
    },
  });
}
