import { queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { authClient } from './auth-client';
import { queriesSettled, queryClient } from './query-client';
import {
  clearSession,
  endSession,
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

// Whose data the cache holds: a guest who signs up or signs in becomes another account without
// signing out, and nothing cached for the guest may show as the account's.
let cachedFor: string | undefined;
const mirror = ({ data, updatedAt }: KnownSession) => {
  if (cachedFor && data?.user.id !== cachedFor) queryClient.removeQueries();
  cachedFor = data?.user.id;
  queryClient.setQueryData(sessionQuery.queryKey, data, { updatedAt });
};
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

/**
 * Signs out, forgets everything cached about the account and opens /auth. A failed sign-out lands
 * there too: the visitor asked to leave, and /auth asks the server who is signed in.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await queriesSettled();
    await authClient.signOut().catch(() => undefined);
    // Off the signed-in screens first (drawn at once), then forget the account: a screen still up
    // would ask the server again for what it shows, as nobody, and be refused.
    endSession();
    await navigate(paths.auth, { replace: true, flushSync: true });
    forgetSession();
  };
}

/** After the account was deleted (its sessions with it): forgets it as sign-out does, and says so on /auth. */
export function useLeaveDeletedAccount() {
  const navigate = useNavigate();
  return async () => {
    forgetSession();
    await navigate(paths.accountDeleted, { replace: true });
  };
}
