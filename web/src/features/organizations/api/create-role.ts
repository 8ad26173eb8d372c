import type { OrganizationPermissions } from '#common/organization-roles';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface CreateRoleInput {
  organizationId: string;
  role: string;
  permission: OrganizationPermissions;
}

export const createRole = ({ organizationId, role, permission }: CreateRoleInput) =>
  unwrap(authClient.organization.createRole({ organizationId, role, permission }), 'Failed to create role');

/** Makes a custom role; the role list and the organization (its permissions) follow. */
export const useCreateRole = () =>
  useRefreshingMutation({
    mutationFn: createRole,
    refreshes: ({ organizationId }) => [
      queryKeys.organization.roles(organizationId),
      queryKeys.organization.detail(organizationId),
    ],
    successToast: ({ role }) => `Role ${role} created`,
  });
