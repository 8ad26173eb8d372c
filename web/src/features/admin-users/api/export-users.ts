import type { AdminUserListQuery } from '#common/admin';
import { API_URL } from '@/lib/auth-fetch';

/**
 * Where the browser downloads the users of the view (search, filters, order; every page) as CSV. A
 * link rather than a fetch: the browser streams the file to disk however large, with the session cookie.
 */
export function usersExportUrl({ limit: _limit, offset: _offset, cursor: _cursor, ...view }: AdminUserListQuery) {
  const params = new URLSearchParams(
    Object.entries(view)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return `${API_URL}/api/v1/admin/users/export?${params}`;
}
