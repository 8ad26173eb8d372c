import { queryOptions } from '@tanstack/react-query';
import type { OutboxMail } from '#common/admin';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const adminOutboxQuery = queryOptions({
  queryKey: queryKeys.admin.outbox,
  queryFn: async () => (await api<{ data: OutboxMail[] }>('/admin/outbox', {}, 'Failed to load the outbox')).data,
});
