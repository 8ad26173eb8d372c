import { queryOptions } from '@tanstack/react-query';
import type { MyOrganization } from '#common/organizations';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The caller's organizations with role and counts (used by /organizations and by My Access). */
export type { MyOrganization };

export const myOrganizationsQuery = queryOptions({
  queryKey: queryKeys.myOrganizations,
  queryFn: async () => (await api('/organizations', {}, 'Failed to load organizations')).data,
});
