import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const removeLinkedIdentity = (userId: string, accountId: string) =>
  answer(
    api.admin.users[':id']['linked-accounts'][':accountId'].$delete({ param: params({ id: userId, accountId }) }),
    'Failed to remove the linked identity',
  );

/** The identity goes and every session of the user ends with it: both lists of User Details refresh. */
export const useRemoveLinkedIdentity = (userId: string) =>
  useRefreshingMutation({
    mutationFn: (accountId: string) => removeLinkedIdentity(userId, accountId),
    refreshes: [queryKeys.admin.linkedIdentities(userId), queryKeys.admin.userSessions(userId)],
  });
