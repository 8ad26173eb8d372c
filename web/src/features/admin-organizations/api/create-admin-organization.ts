import type { AdminCreateOrganizationInput } from '#common/admin';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createAdminOrganization = (name: AdminCreateOrganizationInput['name']) =>
  answer(
    api.admin.organizations.$post({ json: { name } satisfies AdminCreateOrganizationInput }),
    'Failed to create organization',
  );

/** The admin who creates an organization owns it: it joins the admin list and their own. */
export const useCreateAdminOrganization = () =>
  useRefreshingMutation({
    mutationFn: createAdminOrganization,
    refreshes: [queryKeys.admin.organizations, queryKeys.myOrganizations],
    successToast: 'Organization created',
  });
