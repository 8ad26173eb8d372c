import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const revokeUserSessions = (userId: string) =>
  unwrap(authClient.admin.revokeUserSessions({ userId }), 'Failed to revoke sessions');

/**
 * Revoke All: the user is signed out everywhere. The details modal says so itself: a toast would sit
 * behind the modal, where nobody sees or hears it.
 */
export const useRevokeUserSessions = (userId: string) =>
  useRefreshingMutation({
    mutationFn: () => revokeUserSessions(userId),
    refreshes: [queryKeys.admin.userSessions(userId)],
  });
