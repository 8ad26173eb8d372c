import { z } from 'zod';
import { API_KEY_DEFAULT_EXPIRES_IN_SECONDS } from '#common/api-keys';
import { NAME_MAX_LENGTH } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** A key's name may be left empty: the form then names it after its owner. */
export const createApiKeySchema = z.object({
  name: z.string().trim().max(NAME_MAX_LENGTH, 'Name is too long'),
});

/** Resolves with the full key, which the server never shows again. */
export async function createApiKey(name: string): Promise<string> {
  const created = await unwrap(
    authClient.apiKey.create({ name, expiresIn: API_KEY_DEFAULT_EXPIRES_IN_SECONDS }),
    'Failed to create API key',
  );
  return created.key;
}

/** Creates a key; the mutation's data is the full key, shown until `reset()`. */
export const useCreateApiKey = () =>
  useRefreshingMutation({ mutationFn: createApiKey, refreshes: [queryKeys.apiKeys] });
