import type { AdminCreateUserInput } from '#common/admin';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const createUser = (input: AdminCreateUserInput) =>
  api('/admin/users', { method: 'POST', body: JSON.stringify(input) }, 'Failed to create user');

/** Creates a user (the form checks `adminCreateUserSchema`); an organization they join counts them too. */
export const useCreateUser = () =>
  useRefreshingMutation({
    mutationFn: createUser,
    refreshes: [queryKeys.admin.users.all, queryKeys.admin.organizations],
    successToast: 'User created',
  });
