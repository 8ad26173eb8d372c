import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';
import {
  clearSession,
  fetchSession,
  knownSession,
  onSessionChange,
  trackSession,
  type KnownSession,
} from './session-store';
import { queryKeys } from './query-keys';

/**
 * The session for screens, in the query cache (refetched when stale or on window focus). It and the
 * loaders' session (lib/session-store.ts) mirror each other, so a loader and a screen never disagree.
 */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => trackSession(fetchSession()),
});

const mirror = ({ data, updatedAt }: KnownSession) =>
  queryClient.setQueryData(sessionQuery.queryKey, data, { updatedAt });
const known = knownSession();
if (known) mirror(known);
onSessionChange(mirror);

export function useSession() {
  return useQuery(sessionQuery);
}

export function forgetSession() {
  queryClient.clear();
  clearSession();
}
