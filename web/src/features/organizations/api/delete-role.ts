import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface DeleteRoleInput {
  organizationId: string;
  roleId: string;
}

export const deleteRole = ({ organizationId, roleId }: DeleteRoleInput) =>
  unwrap(authClient.organization.deleteRole({ organizationId, roleId }), 'Failed to delete role');

/** Deletes a custom role nobody holds (the server refuses one in use: ROLE_IN_USE). */
export const useDeleteRole = () =>
  useRefreshingMutation({
    mutationFn: deleteRole,
    refreshes: ({ organizationId }) => [
      queryKeys.organization.roles(organizationId),
      queryKeys.organization.detail(organizationId),
    ],
    successToast: 'Role deleted',
  });
