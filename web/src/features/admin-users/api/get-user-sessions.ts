import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export interface AdminSession {
  id: string;
  token: string;
  createdAt: string | Date;
  expiresAt: string | Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  impersonatedBy?: string | null;
}

export const getUserSessions = async (userId: string) =>
  (await unwrap(authClient.admin.listUserSessions({ userId }), 'Failed to load sessions')).sessions as AdminSession[];

export const userSessionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.admin.userSessions(userId), queryFn: () => getUserSessions(userId) });

export const useUserSessions = (userId: string) => useQuery(userSessionsQueryOptions(userId));
