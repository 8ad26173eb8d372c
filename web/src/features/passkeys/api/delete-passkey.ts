import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const deletePasskey = (id: string) =>
  unwrap(authClient.passkey.deletePasskey({ id }), 'Failed to delete passkey');

/** Deletes a passkey (after the confirmation); the outcome is told by a toast. */
export const useDeletePasskey = () =>
  useRefreshingMutation({
    mutationFn: deletePasskey,
    refreshes: [queryKeys.passkeys],
    successToast: 'Passkey deleted',
  });
