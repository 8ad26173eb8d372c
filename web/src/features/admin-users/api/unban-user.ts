import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const unbanUser = (userId: string) => unwrap(authClient.admin.unbanUser({ userId }), 'Failed to unban user');

/** A row action: a toast tells its outcome either way (the row's badge changes too). */
export const useUnbanUser = () =>
  useRefreshingMutation({
    mutationFn: unbanUser,
    refreshes: [queryKeys.admin.users.all],
    successToast: 'User unbanned',
    toastFailure: true,
  });
