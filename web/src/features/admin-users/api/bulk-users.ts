import type { AdminBulkAction, AdminBulkActionInput, AdminBulkResult } from '#common/admin-bulk';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** What a bulk call that got no results says (the spec's words for the single actions, for many). */
const FAILED: Record<AdminBulkAction, string> = {
  ban: 'Failed to ban users',
  unban: 'Failed to unban users',
  'revoke-sessions': 'Failed to revoke sessions',
  delete: 'Failed to remove users',
};

/** One action on several users: a result per user, in the order sent (some may have failed). */
export async function bulkUsers(input: AdminBulkActionInput): Promise<AdminBulkResult[]> {
  const body = await answer(api.admin.users.bulk.$post({ json: input }), FAILED[input.action]);
  return body.data.results;
}

/**
 * The bulk bar's action. The list refreshes whatever the results (some users may have changed); a
 * call that got no results at all is a toast. Deleted users leave their organizations too.
 */
export const useBulkUsers = () =>
  useRefreshingMutation({
    mutationFn: bulkUsers,
    refreshes: (input) =>
      input.action === 'delete'
        ? [queryKeys.admin.users.all, queryKeys.admin.organizations]
        : [queryKeys.admin.users.all],
    toastFailure: true,
  });
