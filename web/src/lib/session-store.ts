import { redirect } from 'react-router';
import { isPlatformAdmin } from '#common/roles';
import { paths } from '@/config/paths';
import type { SessionData } from './auth-client';
import { authFetch } from './auth-fetch';
import { toRequestError, worthAskingAgain } from './errors';

/**
 * The session the route loaders read, without TanStack Query or the Better Auth client: /auth and
 * / need it before anything renders, and they must stay light. Screens read the same value through
 * `useSession` (lib/session.ts), which mirrors it into the query cache.
 */
export interface KnownSession {
  data: SessionData | null;
  updatedAt: number;
}

let current: Promise<SessionData | null> | undefined;
let known: KnownSession | undefined;
const listeners = new Set<(session: KnownSession) => void>();

/** One `GET /get-session`, as `authClient.getSession()` makes it. */
export async function fetchSession(): Promise<SessionData | null> {
  const { data, error } = await authFetch<SessionData>('/get-session');
  if (error) throw toRequestError(error, 'Could not load the session');
  return data ?? null;
}

// Asked again a second later when that may help, as the app's queries are (`worthAskingAgain`).
async function fetchWithRetry(): Promise<SessionData | null> {
  try {
    return await fetchSession();
  } catch (error) {
    if (!worthAskingAgain(0, error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return fetchSession();
  }
}

function publish(data: SessionData | null) {
  known = { data, updatedAt: Date.now() };
  for (const listener of listeners) listener(known);
}

/**
 * Makes `request` the current session. A failed request keeps what was known before (as a query
 * keeps its data after a failed refetch), or nothing, so that the next load asks again.
 */
export function trackSession(request: Promise<SessionData | null>): Promise<SessionData | null> {
  current = request;
  request.then(
    (data) => {
      if (current === request) publish(data);
    },
    () => {
      if (current === request) current = known ? Promise.resolve(known.data) : undefined;
    },
  );
  return request;
}

export function knownSession(): KnownSession | undefined {
  return known;
}

export function onSessionChange(listener: (session: KnownSession) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loaders run before a route renders, so a guarded page never flashes for the wrong visitor. */
export function loadSession(): Promise<SessionData | null> {
  return current ?? trackSession(fetchWithRetry());
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
export function refreshSession(): Promise<SessionData | null> {
  return trackSession(fetchWithRetry());
}

/** Signed out: nobody until the server says otherwise. */
export function clearSession(): void {
  endSession();
  publish(null);
}

/** Signed out, for the loaders only: the screens still up keep what they show until they go. */
export function endSession(): void {
  current = Promise.resolve(null);
}
