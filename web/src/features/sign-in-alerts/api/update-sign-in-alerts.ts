import { signInAlertsSchema, type SignInAlertsSetting } from '#common/sign-in-alerts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const updateSignInAlerts = async (setting: SignInAlertsSetting) =>
  (
    await api(
      '/me/sign-in-alerts',
      { method: 'PUT', body: JSON.stringify(signInAlertsSchema.parse(setting)) },
      'Failed to update sign-in alerts',
    )
  ).data;

/** Saved at once; the switch then shows what the server holds. */
export const useUpdateSignInAlerts = () =>
  useRefreshingMutation({
    mutationFn: updateSignInAlerts,
    refreshes: [queryKeys.signInAlerts],
    successToast: ({ enabled }) => (enabled ? 'Sign-in alerts are on' : 'Sign-in alerts are off'),
    toastFailure: true,
  });
