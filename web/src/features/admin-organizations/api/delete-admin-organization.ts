import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeleteOrganizationInput } from '#common/admin';
import { answer, api, params } from '@/lib/api';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

export const deleteAdminOrganization = (organizationId: string, input: AdminDeleteOrganizationInput) =>
  answer(
    api.admin.organizations[':id'].$delete({ param: params({ id: organizationId }), json: input }),
    'Failed to delete the organization',
  );

/**
 * Deletes the organization: its own entry is dropped (not refetched: it is gone), the lists that
 * held it refresh, and a toast says so on the screen the caller goes to.
 */
export function useDeleteAdminOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminDeleteOrganizationInput) => deleteAdminOrganization(organizationId, input),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.organization(organizationId) });
      notify.success('Organization deleted');
      await Promise.all(
        [queryKeys.admin.organizations, queryKeys.myOrganizations, queryKeys.admin.users.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
