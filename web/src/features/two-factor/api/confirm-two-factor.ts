import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The first code from the app: two-factor is on from here (the server renews the session cookie). */
export async function confirmTwoFactor({ code }: { code: string }): Promise<void> {
  await unwrap(authClient.twoFactor.verifyTotp({ code }), 'Failed to confirm the code');
}

export const useConfirmTwoFactor = () =>
  useRefreshingMutation({ mutationFn: confirmTwoFactor, refreshes: [queryKeys.session] });
