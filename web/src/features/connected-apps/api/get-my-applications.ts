import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getMyApplications = async () =>
  (await answer(api.me.applications.$get(), 'Failed to load connected apps')).data;

export const myApplicationsQueryOptions = queryOptions({
  queryKey: queryKeys.myApplications,
  queryFn: getMyApplications,
});

export const useMyApplications = () => useQuery(myApplicationsQueryOptions);
