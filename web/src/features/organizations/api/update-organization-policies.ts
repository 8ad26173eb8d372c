import type { OrganizationPoliciesInput } from '#common/organization-page';
import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const updateOrganizationPolicies = (organizationId: string, policies: OrganizationPoliciesInput) =>
  answer(
    api.organizations[':id'].policies.$put({ param: params({ id: organizationId }), json: policies }),
    'Failed to save the policies',
  );

/** Both policies as they are to be; the page (and its member list's two-factor column) follows. */
export const useUpdateOrganizationPolicies = (organizationId: string) =>
  useRefreshingMutation({
    mutationFn: (policies: OrganizationPoliciesInput) => updateOrganizationPolicies(organizationId, policies),
    refreshes: [queryKeys.organization.detail(organizationId)],
    successToast: 'Policies saved',
  });
