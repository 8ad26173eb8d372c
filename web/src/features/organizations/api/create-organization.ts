import type { CreateOrganizationInput } from '#common/organizations';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Creates an organization; the server makes its slug from the name. */
export const createOrganization = (name: CreateOrganizationInput['name']) =>
  answer(
    api.organizations.$post({ json: { name } satisfies CreateOrganizationInput }),
    'Failed to create organization',
  );

export const useCreateOrganization = () =>
  useRefreshingMutation({ mutationFn: createOrganization, refreshes: [queryKeys.myOrganizations] });
