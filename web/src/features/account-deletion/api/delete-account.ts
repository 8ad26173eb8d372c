import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '#common/account-deletion';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { useLeaveDeletedAccount } from '@/lib/session';

/**
 * `POST /delete-user` with the password. A refusal (a wrong password, the last owner of an
 * organization with other members, an impersonation) is a RequestError in the server's words.
 */
export async function deleteAccount({ password }: DeleteAccountInput): Promise<void> {
  await unwrap(authClient.deleteUser({ password }), 'Failed to delete account');
}

/**
 * Deleted, the account's sessions are gone with it: the console forgets it and opens /auth. Done by
 * the mutation itself, not by the dialog, so that it happens even if the dialog was closed meanwhile.
 */
export function useDeleteAccount() {
  const leave = useLeaveDeletedAccount();
  return useMutation({ mutationFn: deleteAccount, onSuccess: leave });
}
