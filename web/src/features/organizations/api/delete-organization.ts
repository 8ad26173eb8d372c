import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteOrganizationSchema } from '#common/organization-page';
import { answer, api, params } from '@/lib/api';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

export type DeleteOrganizationInput = z.input<typeof deleteOrganizationSchema>;

export const deleteOrganization = (organizationId: string, input: DeleteOrganizationInput) =>
  answer(
    api.organizations[':id'].$delete({ param: params({ id: organizationId }), json: input }),
    'Failed to delete the organization',
  );

/**
 * The organization goes, and the caller elsewhere (`goAway`); then its entries are dropped, not
 * refetched (it is gone: a page still up would ask again), and the caller's list refreshes.
 */
export function useDeleteOrganization(organizationId: string, goAway: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteOrganizationInput) => deleteOrganization(organizationId, input),
    onSuccess: async () => {
      notify.success('Organization deleted');
      await goAway();
      queryClient.removeQueries({ queryKey: queryKeys.organization.detail(organizationId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.myOrganizations });
    },
  });
}
