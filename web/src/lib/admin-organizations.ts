import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrganizationRow } from '#common/admin';
import { api } from './api';
import { RequestError, toRequestError } from './errors';
import { queryKeys } from './query-keys';

/** The spec's words for this list, whatever the cause (the status and code stay for the screen). */
const LOAD_FAILED = 'Failed to load organizations. Please try again.';

/**
 * Every organization, for platform admins. Shared here because two admin screens read it (the
 * organizations screen, and the Create User choices), and features never import each other.
 */
export async function getAdminOrganizations(): Promise<AdminOrganizationRow[]> {
  try {
    return (await api('/admin/organizations', {}, LOAD_FAILED)).data;
  } catch (caught) {
    const failure = toRequestError(caught, LOAD_FAILED);
    throw new RequestError(failure.status, failure.code, LOAD_FAILED);
  }
}

export const adminOrganizationsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.organizations,
  queryFn: getAdminOrganizations,
});

export const useAdminOrganizations = () => useQuery(adminOrganizationsQueryOptions);
