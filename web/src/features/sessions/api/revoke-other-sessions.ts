import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Ends every session of the person but the one this browser holds. */
export const revokeOtherSessions = () => unwrap(authClient.revokeOtherSessions(), 'Failed to revoke sessions');

export const useRevokeOtherSessions = () =>
  useRefreshingMutation({
    mutationFn: revokeOtherSessions,
    refreshes: [queryKeys.mySessions],
    successToast: 'Other sessions revoked',
    toastFailure: true,
  });
