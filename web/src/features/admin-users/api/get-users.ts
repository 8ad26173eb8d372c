import { useQuery } from '@tanstack/react-query';
import type { AdminUserList, AdminUserListQuery } from '#common/admin';
import { answer, api, query } from '@/lib/api';
import { RequestError } from '@/lib/errors';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

/** One page of the user list, as the view (search, filter, sort, page) asks it of the server. */
export async function getUsers(view: AdminUserListQuery): Promise<AdminUserList> {
  const body = await answer(api.admin.users.$get({ query: query(view) }), 'Failed to load users');
  if (!body || !Array.isArray(body.users) || typeof body.total !== 'number')
    throw new RequestError(0, 'UNEXPECTED_RESPONSE', 'Unexpected response format from admin API');
  return body;
}

export const usersQueryOptions = (view: AdminUserListQuery) =>
  keptQueryOptions(queryKeys.admin.users.list(view), () => getUsers(view));

export const useUsers = (view: AdminUserListQuery) => useQuery(usersQueryOptions(view));
