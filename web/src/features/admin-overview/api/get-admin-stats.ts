import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

export const getAdminStats = async (days: number) =>
  (await api(`/admin/stats?days=${days}`, {}, 'Failed to load the overview')).data;

export const adminStatsQueryOptions = (days: number) =>
  keptQueryOptions(queryKeys.admin.stats(days), () => getAdminStats(days));

export const useAdminStats = (days: number) => useQuery(adminStatsQueryOptions(days));
