import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** What an application shows of itself, as the provider's `/oauth2/public-client` answers (signed in). */
export interface PublicApplication {
  client_id: string;
  client_name?: string | null;
  client_uri?: string | null;
  logo_uri?: string | null;
}

export const getApplication = (clientId: string) =>
  unwrap(
    authClient.$fetch<PublicApplication>('/oauth2/public-client', { method: 'GET', query: { client_id: clientId } }),
    'Failed to load the application',
  );

export const applicationQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: queryKeys.application(clientId), queryFn: () => getApplication(clientId) });

/** Asked only when the page names an application. */
export const useApplication = (clientId: string | undefined) =>
  useQuery({ ...applicationQueryOptions(clientId ?? ''), enabled: clientId !== undefined });
