import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserInput, AdminUserList, AdminUserListQuery } from '#common/admin';
import { api } from '@/lib/api';
import { authClient } from '@/lib/auth-client';
import { messageOf, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export const adminUsersQuery = (view: AdminUserListQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.users.list(view),
    queryFn: async () => {
      const params = new URLSearchParams(Object.entries(view).map(([key, value]) => [key, String(value)]));
      const body = await api<AdminUserList>(`/admin/users?${params}`, {}, 'Failed to load users');
      if (!body || !Array.isArray(body.users) || typeof body.total !== 'number')
        throw new Error('Unexpected response format from admin API');
      return body;
    },
    placeholderData: keepPreviousData,
  });

export const createUser = (input: AdminCreateUserInput) =>
  api('/admin/users', { method: 'POST', body: JSON.stringify(input) }, 'Failed to create user');

export const updateUser = (userId: string, data: { name: string; email: string; role: string }) =>
  unwrap(authClient.admin.updateUser({ userId, data }), 'Failed to update user');

export const banUser = (userId: string, banReason: string, banExpiresIn: number | undefined) =>
  unwrap(authClient.admin.banUser({ userId, banReason: banReason || undefined, banExpiresIn }), 'Failed to ban user');

export const unbanUser = (userId: string) => unwrap(authClient.admin.unbanUser({ userId }), 'Failed to unban user');

export const impersonateUser = (userId: string) =>
  unwrap(authClient.admin.impersonateUser({ userId }), 'Failed to impersonate user');

export const removeUser = (userId: string) => unwrap(authClient.admin.removeUser({ userId }), 'Failed to remove user');

export interface AdminSession {
  id: string;
  token: string;
  createdAt: string | Date;
  expiresAt: string | Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  impersonatedBy?: string | null;
}

export const userSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.userSessions(userId),
    queryFn: async () => {
      const { data, error } = await authClient.admin.listUserSessions({ userId });
      if (error) throw new Error(messageOf(error, 'Failed to load sessions'));
      return (data?.sessions ?? []) as AdminSession[];
    },
  });

export const revokeSession = (sessionToken: string) =>
  unwrap(authClient.admin.revokeUserSession({ sessionToken }), 'Failed to revoke session');

export const revokeAllSessions = (userId: string) =>
  unwrap(authClient.admin.revokeUserSessions({ userId }), 'Failed to revoke sessions');

/** Refreshes every page of the user list (after any change to a user). */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all });
}
