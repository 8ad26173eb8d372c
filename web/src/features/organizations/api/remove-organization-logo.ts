import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const removeOrganizationLogo = (organizationId: string) =>
  answer(api.organizations[':id'].logo.$delete({ param: params({ id: organizationId }) }), 'Failed to remove the logo');

/** The organization shows its initial again. */
export const useRemoveOrganizationLogo = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: () => removeOrganizationLogo(organizationId),
    refreshes: [queryKeys.organization.detail(organizationId)],
    successToast: 'Logo removed',
    toastFailure: true,
  });
