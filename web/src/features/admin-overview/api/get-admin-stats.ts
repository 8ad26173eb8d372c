import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getAdminStats = async (days: number) =>
  (await api(`/admin/stats?days=${days}`, {}, 'Failed to load the overview')).data;

export const adminStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin.stats(days),
    queryFn: () => getAdminStats(days),
    // The numbers on screen stay while another window loads.
    placeholderData: keepPreviousData,
  });

export const useAdminStats = (days: number) => useQuery(adminStatsQueryOptions(days));
