import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const removeUser = (userId: string) => unwrap(authClient.admin.removeUser({ userId }), 'Failed to remove user');

/**
 * Deletes a user for good, after the confirmation (which has closed: a toast tells the outcome).
 * Their memberships go with them, so the organizations' member counts change too.
 */
export const useRemoveUser = () =>
  useRefreshingMutation({
    mutationFn: removeUser,
    refreshes: [queryKeys.admin.users.all, queryKeys.admin.organizations],
    successToast: 'User deleted',
    toastFailure: true,
  });
