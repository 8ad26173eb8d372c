import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import type { FreshSessionRun } from '@/lib/use-fresh-session';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Removes a linked account; the server refuses the last way to sign in (LAST_WAY_TO_SIGN_IN). */
export const unlinkAccount = (accountId: string) =>
  unwrap(authClient.unlinkAccount({ accountId }), 'Failed to unlink the account');

/** `guard` is `useFreshSession().run`: Better Auth unlinks only with a recent sign-in. */
export const useUnlinkAccount = (guard: FreshSessionRun = (action) => action()) =>
  useRefreshingMutation({
    mutationFn: (accountId: string) => guard(() => unlinkAccount(accountId)),
    refreshes: [queryKeys.linkedAccounts],
    successToast: 'Account unlinked',
    toastFailure: true,
  });
