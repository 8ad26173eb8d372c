import { queryOptions } from '@tanstack/react-query';
import type { AdminOrganizationRow } from '#common/admin';
import { api } from './api';
import { queryKeys } from './query-keys';

/** Every organization, for platform admins (their organizations screen, and the Create User choices). */
export const adminOrganizationsQuery = queryOptions({
  queryKey: queryKeys.admin.organizations,
  queryFn: async () => {
    const body = await api<{ data: AdminOrganizationRow[] }>('/admin/organizations').catch(() => {
      // The spec's message, whatever the cause.
      throw new Error('Failed to load organizations. Please try again.');
    });
    return body.data;
  },
});
