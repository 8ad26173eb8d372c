import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getApplications = async () =>
  (await answer(api.admin.applications.$get(), 'Failed to load the applications')).data;

export const applicationsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.applications,
  queryFn: getApplications,
});

export const useApplications = () => useQuery(applicationsQueryOptions);
