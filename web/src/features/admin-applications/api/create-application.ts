import type { ApplicationInput } from '#common/applications';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createApplication = async (input: ApplicationInput) =>
  (await answer(api.admin.applications.$post({ json: input }), 'Failed to register the application')).data;

/** Registers an application; the answer holds its secret, which the caller shows once. */
export const useCreateApplication = () =>
  useRefreshingMutation({ mutationFn: createApplication, refreshes: [queryKeys.admin.applications] });
