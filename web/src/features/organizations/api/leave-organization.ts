import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

export const leaveOrganization = (organizationId: string) =>
  unwrap(authClient.organization.leave({ organizationId }), 'Failed to leave the organization');

/**
 * The caller leaves (the server keeps the last owner): what they saw of the organization is dropped,
 * not refetched (it is no longer theirs to read), and their list refreshes.
 */
export function useLeaveOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveOrganization(organizationId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.organization.detail(organizationId) });
      notify.success('You left the organization');
      await queryClient.invalidateQueries({ queryKey: queryKeys.myOrganizations });
    },
  });
}
