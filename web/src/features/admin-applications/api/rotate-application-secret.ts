import { answer, api, params } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const rotateApplicationSecret = async (clientId: string) =>
  (
    await answer(
      // Nothing to send, but the server takes a write's body, even an empty one, as JSON only.
      api.admin.applications[':clientId']['rotate-secret'].$post(
        { param: params({ clientId }) },
        { headers: { 'content-type': 'application/json' } },
      ),
      'Failed to replace the secret',
    )
  ).data;

/** A new secret, which the caller shows once; the old one stops working at once. */
export const useRotateApplicationSecret = () =>
  useRefreshingMutation({ mutationFn: rotateApplicationSecret, toastFailure: true });
