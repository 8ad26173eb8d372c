import { queryOptions } from '@tanstack/react-query';
import type { MyOrganization } from '#common/organizations';
import { answer, api } from './api';
import { queryKeys } from './query-keys';

/** The caller's organizations with role and counts (used by /organizations and by My Access). */
export type { MyOrganization };

export const myOrganizationsQuery = queryOptions({
  queryKey: queryKeys.myOrganizations,
  queryFn: async () => (await answer(api.organizations.$get(), 'Failed to load organizations')).data,
});
