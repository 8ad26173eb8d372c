import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

export const leaveOrganization = (organizationId: string) =>
  unwrap(authClient.organization.leave({ organizationId }), 'Failed to leave the organization');

/**
 * The caller leaves (the server keeps the last owner) and goes elsewhere (`goAway`); then what they
 * saw of the organization is dropped, not refetched (it is no longer theirs to read: a page still up
 * would ask again), and their list refreshes.
 */
export function useLeaveOrganization(organizationId: string, goAway: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveOrganization(organizationId),
    onSuccess: async () => {
      notify.success('You left the organization');
      await goAway();
      queryClient.removeQueries({ queryKey: queryKeys.organization.detail(organizationId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.myOrganizations });
    },
  });
}
