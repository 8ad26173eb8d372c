import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';

export const impersonateUser = (userId: string) =>
  unwrap(authClient.admin.impersonateUser({ userId }), 'Failed to impersonate user');

export function useImpersonateUser() {
  return useMutation({
    mutationFn: impersonateUser,
    // The whole console now belongs to the impersonated user: load it afresh.
    onSuccess: () => window.location.assign(paths.profile),
    onError: (error) => notify.error(error.message),
  });
}
