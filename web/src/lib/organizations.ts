import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export interface MyOrganization {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  role: string;
  memberCount: number;
  teamCount: number;
}

/** The caller's organizations with role and counts (used by /organizations and by My Access). */
export const myOrganizationsQuery = queryOptions({
  queryKey: ['my-organizations'],
  queryFn: async () =>
    (await api<{ data: MyOrganization[] }>('/organizations', {}, 'Failed to load organizations')).data,
});
