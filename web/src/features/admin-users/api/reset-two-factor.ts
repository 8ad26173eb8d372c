import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const resetTwoFactor = (userId: string) =>
  api(
    `/admin/users/${encodeURIComponent(userId)}/two-factor/reset`,
    // Nothing to send, but a write's body is JSON like every other (an empty one counts).
    { method: 'POST', body: '{}' },
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
