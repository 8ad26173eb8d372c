import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiData } from '#common/error-codes';
import type { SignInAlertsSetting } from '#common/sign-in-alerts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getSignInAlerts = async () =>
  (await api<ApiData<SignInAlertsSetting>>('/me/sign-in-alerts', {}, 'Failed to load sign-in alerts')).data;

export const signInAlertsQueryOptions = queryOptions({ queryKey: queryKeys.signInAlerts, queryFn: getSignInAlerts });

export const useSignInAlerts = () => useQuery(signInAlertsQueryOptions);
