import { useMutation } from '@tanstack/react-query';
import { impersonationReasonSchema } from '#common/admin';
import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';

/** The Impersonate form: why (the server asks the same, and records it in the audit trail). */
export const impersonateUserSchema = impersonationReasonSchema;

export const impersonateUser = ({ userId, reason }: { userId: string; reason: string }) =>
  unwrap(authClient.impersonation.start({ userId, reason }), 'Failed to impersonate user');

/** Its form shows a failure beside the reason; success loads the console afresh, as the user. */
export function useImpersonateUser() {
  return useMutation({
    mutationFn: impersonateUser,
    // The whole console now belongs to the impersonated user: load it afresh.
    onSuccess: () => window.location.assign(paths.profile),
  });
}
