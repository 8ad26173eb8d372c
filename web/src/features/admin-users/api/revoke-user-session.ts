import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const revokeUserSession = (sessionToken: string) =>
  unwrap(authClient.admin.revokeUserSession({ sessionToken }), 'Failed to revoke session');

/** Revokes one of a user's sessions, found by its token; `userId` names the list to refresh. */
export const useRevokeUserSession = (userId: string) =>
  useRefreshingMutation({
    mutationFn: revokeUserSession,
    refreshes: [queryKeys.admin.userSessions(userId)],
  });
