import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const deleteApplication = (clientId: string) =>
  answer(
    api.admin.applications[':clientId'].$delete({ param: params({ clientId }) }),
    'Failed to delete the application',
  );

/** Deletes an application with its tokens and consents, after the confirmation (a toast tells the outcome). */
export const useDeleteApplication = () =>
  useRefreshingMutation({
    mutationFn: deleteApplication,
    refreshes: [queryKeys.admin.applications],
    successToast: 'Application deleted',
    toastFailure: true,
  });
