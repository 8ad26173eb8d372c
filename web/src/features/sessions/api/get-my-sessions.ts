import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionGeoField } from '#common/session-fields';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** One active session of the signed-in person, as `GET /list-sessions` gives it. */
export type MySession = {
  id: string;
  token: string;
  createdAt: Date | string;
  /** Moved on when the session is extended (at most once a day while it is used). */
  updatedAt: Date | string;
  expiresAt: Date | string;
  ipAddress?: string | null;
  userAgent?: string | null;
} & Partial<Record<SessionGeoField, string | null>>;

export const getMySessions = async () =>
  (await unwrap(authClient.listSessions(), 'Failed to load sessions')) as MySession[];

export const mySessionsQueryOptions = queryOptions({
  queryKey: queryKeys.mySessions,
  queryFn: getMySessions,
});

export const useMySessions = () => useQuery(mySessionsQueryOptions);
