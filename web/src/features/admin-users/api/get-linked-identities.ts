import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The identities from providers linked to the user, oldest first. */
export const getLinkedIdentities = async (userId: string) =>
  (
    await answer(
      api.admin.users[':id']['linked-accounts'].$get({ param: params({ id: userId }) }),
      'Failed to load the linked identities',
    )
  ).data;

export const linkedIdentitiesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.admin.linkedIdentities(userId), queryFn: () => getLinkedIdentities(userId) });

export const useLinkedIdentities = (userId: string) => useQuery(linkedIdentitiesQueryOptions(userId));
