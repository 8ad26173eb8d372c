import type { CurrentPasswordInput } from '#common/two-factor';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export async function disableTwoFactor({ password }: CurrentPasswordInput): Promise<void> {
  await unwrap(authClient.twoFactor.disable({ password }), 'Failed to turn off two-factor authentication');
}

/** Off: the card shows so from the renewed session, and a toast says it. */
export const useDisableTwoFactor = () =>
  useRefreshingMutation({
    mutationFn: disableTwoFactor,
    refreshes: [queryKeys.session],
    successToast: 'Two-factor authentication is off',
  });
