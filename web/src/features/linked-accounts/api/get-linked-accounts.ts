import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getLinkedAccounts = async () =>
  (await answer(api.me['linked-accounts'].$get(), 'Failed to load linked accounts')).data;

export const linkedAccountsQueryOptions = queryOptions({
  queryKey: queryKeys.linkedAccounts,
  queryFn: getLinkedAccounts,
});

export const useLinkedAccounts = () => useQuery(linkedAccountsQueryOptions);
