import type { OrganizationPermissions } from '#common/organization-roles';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface UpdateRoleInput {
  organizationId: string;
  roleId: string;
  permission: OrganizationPermissions;
}

export const updateRole = ({ organizationId, roleId, permission }: UpdateRoleInput) =>
  unwrap(authClient.organization.updateRole({ organizationId, roleId, data: { permission } }), 'Failed to save role');

/** Changes a custom role's permissions; its holders' permissions (the organization's detail) follow. */
export const useUpdateRole = () =>
  useRefreshingMutation({
    mutationFn: updateRole,
    refreshes: ({ organizationId }) => [
      queryKeys.organization.roles(organizationId),
      queryKeys.organization.detail(organizationId),
    ],
    successToast: 'Role saved',
  });
