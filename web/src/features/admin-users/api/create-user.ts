import type { AdminCreateUserInput } from '#common/admin';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createUser = (input: AdminCreateUserInput) =>
  answer(api.admin.users.$post({ json: input }), 'Failed to create user');

/** Creates a user (the form checks `adminCreateUserSchema`); an organization they join counts them too. */
export const useCreateUser = () =>
  useRefreshingMutation({
    mutationFn: createUser,
    refreshes: [queryKeys.admin.users.all, queryKeys.admin.organizations],
    successToast: 'User created',
  });
