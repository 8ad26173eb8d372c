import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getSignInAlerts = async () =>
  (await answer(api.me['sign-in-alerts'].$get(), 'Failed to load sign-in alerts')).data;

export const signInAlertsQueryOptions = queryOptions({ queryKey: queryKeys.signInAlerts, queryFn: getSignInAlerts });

export const useSignInAlerts = () => useQuery(signInAlertsQueryOptions);
