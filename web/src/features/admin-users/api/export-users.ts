import type { AdminUserListQuery } from '#common/admin';
import { api, query } from '@/lib/api';

/**
 * Where the browser downloads the users of the view (search, filters, order; every page) as CSV. A
 * link rather than a fetch: the browser streams the file to disk however large, with the session cookie.
 */
export function usersExportUrl({ limit: _limit, offset: _offset, cursor: _cursor, ...view }: AdminUserListQuery) {
  return api.admin.users.export.$url({ query: query(view) }).href;
}
