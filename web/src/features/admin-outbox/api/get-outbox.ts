import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getOutbox = async () => (await api('/admin/outbox', {}, 'Failed to load the outbox')).data;

export const outboxQueryOptions = queryOptions({ queryKey: queryKeys.admin.outbox, queryFn: getOutbox });

export const useOutbox = () => useQuery(outboxQueryOptions);
