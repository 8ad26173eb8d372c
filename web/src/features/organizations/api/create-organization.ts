import type { CreateOrganizationInput } from '#common/organizations';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Creates an organization; the server makes its slug from the name. */
export const createOrganization = (name: CreateOrganizationInput['name']) =>
  api(
    '/organizations',
    { method: 'POST', body: JSON.stringify({ name } satisfies CreateOrganizationInput) },
    'Failed to create organization',
  );

export const useCreateOrganization = () =>
  useRefreshingMutation({ mutationFn: createOrganization, refreshes: [queryKeys.myOrganizations] });
