import { queryOptions } from '@tanstack/react-query';
import type { AdminOrganizationRow } from '#common/admin';
import { api } from '@/lib/api';

export const adminOrganizationsQuery = queryOptions({
  queryKey: ['admin-organizations'],
  queryFn: async () => {
    const body = await api<{ data: AdminOrganizationRow[] }>(
      '/admin/organizations',
      {},
      'Failed to load organizations. Please try again.',
    ).catch(() => {
      // The list's own message is the one to show, whatever the cause.
      throw new Error('Failed to load organizations. Please try again.');
    });
    return body.data;
  },
});

export const createAdminOrganization = (name: string) =>
  api('/admin/organizations', { method: 'POST', body: JSON.stringify({ name }) }, 'Failed to create organization');
