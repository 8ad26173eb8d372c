import { queryOptions, useQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { paths } from '@/config/paths';
import { authClient, type SessionData } from './auth-client';
import { queryClient } from './query-client';

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<SessionData | null> => {
    const { data, error } = await authClient.getSession();
    if (error) throw new Error(error.message ?? 'Could not load the session');
    return data ?? null;
  },
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** Loaders run before a route renders, so a guarded page never flashes for the wrong visitor. */
export function loadSession() {
  return queryClient.ensureQueryData(sessionQuery);
}

export async function requireSession(): Promise<SessionData> {
  const session = await loadSession();
  if (!session) throw redirect(paths.auth);
  return session;
}

export async function requireAdmin(): Promise<SessionData> {
  const session = await loadSession();
  if (!session || !isPlatformAdmin(session.user.role)) throw redirect(paths.profile);
  return session;
}

/** After sign-in, sign-up or sign-out: the next loader reads the server's truth. */
export async function refreshSession() {
  await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

export function forgetSession() {
  queryClient.clear();
  queryClient.setQueryData(sessionQuery.queryKey, null);
}
