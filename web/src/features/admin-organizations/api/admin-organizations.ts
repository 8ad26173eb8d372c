import { api } from '@/lib/api';

export const createAdminOrganization = (name: string) =>
  api('/admin/organizations', { method: 'POST', body: JSON.stringify({ name }) }, 'Failed to create organization');
