import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { useLeaveDeletedAccount } from '@/lib/session';

/** `POST /delete-anonymous-user`: a guest has no password to give. Refusals as in `deleteAccount`. */
export async function deleteGuestAccount(): Promise<void> {
  await unwrap(authClient.deleteAnonymousUser(), 'Failed to delete account');
}

/** As `useDeleteAccount`: once deleted, the console forgets the account and opens /auth. */
export function useDeleteGuestAccount() {
  const leave = useLeaveDeletedAccount();
  return useMutation({ mutationFn: deleteGuestAccount, onSuccess: leave });
}
