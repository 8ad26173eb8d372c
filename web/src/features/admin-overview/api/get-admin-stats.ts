import { useQuery } from '@tanstack/react-query';
import { answer, api, query } from '@/lib/api';
import { keptQueryOptions } from '@/lib/kept-query-options';
import { queryKeys } from '@/lib/query-keys';

export const getAdminStats = async (days: number) =>
  (await answer(api.admin.stats.$get({ query: query({ days }) }), 'Failed to load the overview')).data;

export const adminStatsQueryOptions = (days: number) =>
  keptQueryOptions(queryKeys.admin.stats(days), () => getAdminStats(days));

export const useAdminStats = (days: number) => useQuery(adminStatsQueryOptions(days));
