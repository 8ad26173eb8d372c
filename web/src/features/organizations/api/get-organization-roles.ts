import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomRole } from '#common/organization-roles';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** An organization's custom roles (Better Auth's `list-roles`), for the role editor and every role choice. */
export async function getOrganizationRoles(organizationId: string): Promise<CustomRole[]> {
  const roles = await unwrap(authClient.organization.listRoles({ query: { organizationId } }), 'Failed to load roles');
  return (roles as unknown as CustomRole[]).map((role) => ({ ...role, createdAt: String(role.createdAt) }));
}

export const organizationRolesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organization.roles(organizationId),
    queryFn: () => getOrganizationRoles(organizationId),
  });

export const useOrganizationRoles = (organizationId: string, enabled = true) =>
  useQuery({ ...organizationRolesQueryOptions(organizationId), enabled });
