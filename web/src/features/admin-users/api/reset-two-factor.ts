import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const resetTwoFactor = (userId: string) =>
  answer(
    // Nothing to send, but the server takes a write's body, even an empty one, as JSON only.
    api.admin.users[':id']['two-factor'].reset.$post(
      { param: params({ id: userId }) },
      { headers: { 'content-type': 'application/json' } },
    ),
    'Failed to reset two-factor authentication',
  );

/** Two-factor off and every session of the user ended, after the confirmation: a toast tells the outcome. */
export const useResetTwoFactor = () =>
  useRefreshingMutation({
    mutationFn: resetTwoFactor,
    refreshes: (userId) => [queryKeys.admin.users.all, queryKeys.admin.userSessions(userId)],
    successToast: 'Two-factor authentication reset',
    toastFailure: true,
  });
