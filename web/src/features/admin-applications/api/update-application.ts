import type { ApplicationUpdate } from '#common/applications';
import { answer, api, params } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const updateApplication = async ({ clientId, change }: { clientId: string; change: ApplicationUpdate }) =>
  (
    await answer(
      api.admin.applications[':clientId'].$patch({ param: params({ clientId }), json: change }),
      'Failed to change the application',
    )
  ).data;

const toastOf = ({ change }: { change: ApplicationUpdate }) =>
  change.disabled === true
    ? 'Application disabled'
    : change.disabled === false
      ? 'Application enabled'
      : 'Application saved';

/** Changes an application (from its form, or a row's Disable / Enable, which toasts its failure). */
export const useUpdateApplication = ({ toastFailure = false } = {}) =>
  useRefreshingMutation({
    mutationFn: updateApplication,
    refreshes: [queryKeys.admin.applications],
    successToast: toastOf,
    toastFailure,
  });
