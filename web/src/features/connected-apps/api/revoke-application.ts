import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** Ends an application's access to the account: its consent and every token it holds, at once. */
export const revokeApplication = (clientId: string) =>
  answer(api.me.applications[':clientId'].$delete({ param: params({ clientId }) }), 'Failed to revoke the application');

export const useRevokeApplication = () =>
  useRefreshingMutation({
    mutationFn: revokeApplication,
    refreshes: [queryKeys.myApplications],
    successToast: 'Access revoked',
    toastFailure: true,
  });
