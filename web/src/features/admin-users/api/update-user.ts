import { z } from 'zod';
import { emailSchema, nameSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The Edit User form: the same name and email rules as everywhere else. */
export const updateUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: z.enum(['user', 'admin'], { message: 'role must be user or admin' }),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export const updateUser = ({ userId, data }: { userId: string; data: UpdateUserInput }) =>
  unwrap(authClient.admin.updateUser({ userId, data }), 'Failed to update user');

export const useUpdateUser = () =>
  useRefreshingMutation({ mutationFn: updateUser, refreshes: [queryKeys.admin.users.all] });
