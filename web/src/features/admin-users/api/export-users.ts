import type { AdminUserListQuery } from '#common/admin';
import { API_URL } from '@/lib/auth-fetch';
import { searchParams } from '@/lib/search-params';

/**
 * Where the browser downloads the users of the view (search, filters, order; every page) as CSV. A
 * link rather than a fetch: the browser streams the file to disk however large, with the session cookie.
 */
export function usersExportUrl({ limit: _limit, offset: _offset, cursor: _cursor, ...view }: AdminUserListQuery) {
  return `${API_URL}/api/v1/admin/users/export?${searchParams(view)}`;
}
