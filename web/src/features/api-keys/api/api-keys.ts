import { queryOptions } from '@tanstack/react-query';
import { API_KEY_DEFAULT_EXPIRES_IN_SECONDS } from '#common/api-keys';
import { authClient } from '@/lib/auth-client';
import { messageOf, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export interface ApiKeyRow {
  id: string;
  name: string | null;
  start: string | null;
  enabled: boolean;
  createdAt: Date | string;
  expiresAt: Date | string | null;
}

export const apiKeysQuery = queryOptions({
  queryKey: queryKeys.apiKeys,
  queryFn: async (): Promise<ApiKeyRow[]> => {
    const { data, error } = await authClient.apiKey.list();
    if (error) throw new Error(messageOf(error, 'Failed to load API keys'));
    return (data?.apiKeys ?? []) as ApiKeyRow[];
  },
});

/** Resolves with the full key, which the server never shows again. */
export async function createApiKey(name: string): Promise<string> {
  const { data, error } = await authClient.apiKey
    .create({ name, expiresIn: API_KEY_DEFAULT_EXPIRES_IN_SECONDS })
    .catch(() => ({ data: null, error: null }));
  if (error || !data?.key) throw new Error(messageOf(error, 'Failed to create API key'));
  return data.key;
}

export const deleteApiKey = (keyId: string) => unwrap(authClient.apiKey.delete({ keyId }), 'Failed to delete API key');
