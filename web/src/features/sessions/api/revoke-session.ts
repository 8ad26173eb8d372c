import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Ends one of the person's own sessions, found by its token (Better Auth ignores anyone else's). */
export const revokeSession = (token: string) => unwrap(authClient.revokeSession({ token }), 'Failed to revoke session');

export const useRevokeSession = () =>
  useRefreshingMutation({
    mutationFn: revokeSession,
    refreshes: [queryKeys.mySessions],
    successToast: 'Session revoked',
    toastFailure: true,
  });
