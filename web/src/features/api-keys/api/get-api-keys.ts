import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export interface ApiKeyRow {
  id: string;
  name: string | null;
  start: string | null;
  enabled: boolean;
  createdAt: Date | string;
  expiresAt: Date | string | null;
}

export const getApiKeys = async () =>
  (await unwrap(authClient.apiKey.list(), 'Failed to load API keys')).apiKeys as ApiKeyRow[];

export const apiKeysQueryOptions = queryOptions({ queryKey: queryKeys.apiKeys, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions);
