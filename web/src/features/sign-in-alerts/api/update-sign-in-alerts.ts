import { signInAlertsSchema, type SignInAlertsSetting } from '#common/sign-in-alerts';
import { answer, api } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { signInAlertsQueryOptions } from './get-sign-in-alerts';

export const updateSignInAlerts = async (setting: SignInAlertsSetting) =>
  (
    await answer(
      api.me['sign-in-alerts'].$put({ json: signInAlertsSchema.parse(setting) }),
      'Failed to update sign-in alerts',
    )
  ).data;

/** Saved at once; the switch then shows the setting the server answers (no second request). */
export const useUpdateSignInAlerts = () =>
  useRefreshingMutation({
    mutationFn: updateSignInAlerts,
    stores: signInAlertsQueryOptions.queryKey,
    successToast: ({ enabled }) => (enabled ? 'Sign-in alerts are on' : 'Sign-in alerts are off'),
    toastFailure: true,
  });
