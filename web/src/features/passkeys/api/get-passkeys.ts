import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export interface PasskeyRow {
  id: string;
  name?: string | null;
  createdAt: Date | string;
  deviceType: string;
  backedUp: boolean;
  credentialID: string;
  /** The authenticator's provider, named by the server from its AAGUID; null when it is hidden or unknown. */
  provider?: string | null;
}

export const getPasskeys = async () =>
  (await unwrap(authClient.passkey.listUserPasskeys(), 'Failed to load passkeys')) as PasskeyRow[];

export const passkeysQueryOptions = queryOptions({ queryKey: queryKeys.passkeys, queryFn: getPasskeys });

export const usePasskeys = () => useQuery(passkeysQueryOptions);
