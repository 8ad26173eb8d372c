import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getOutbox = async () =>
  (await answer(api.admin.outbox.$get({ query: {} }), 'Failed to load the outbox')).data;

export const outboxQueryOptions = queryOptions({ queryKey: queryKeys.admin.outbox, queryFn: getOutbox });

export const useOutbox = () => useQuery(outboxQueryOptions);
