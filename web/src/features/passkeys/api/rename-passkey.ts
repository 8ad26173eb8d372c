import { z } from 'zod';
import { nameSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const renamePasskeySchema = z.object({ name: nameSchema });

export const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  unwrap(authClient.passkey.updatePasskey({ id, name }), 'Failed to rename passkey');

export const useRenamePasskey = () =>
  useRefreshingMutation({
    mutationFn: renamePasskey,
    refreshes: [queryKeys.passkeys],
    successToast: 'Passkey renamed',
  });
