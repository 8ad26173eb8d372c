import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const deleteApiKey = (keyId: string) => unwrap(authClient.apiKey.delete({ keyId }), 'Failed to delete API key');

/** Deletes a key (after the confirmation); the outcome is told by a toast. */
export const useDeleteApiKey = () =>
  useRefreshingMutation({
    mutationFn: deleteApiKey,
    refreshes: [queryKeys.apiKeys],
    successToast: 'API key deleted',
  });
