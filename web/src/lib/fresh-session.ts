import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { toRequestError, unwrap } from './errors';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { refreshSession } from './session-store';

export interface ConfirmationMethods {
  password: boolean;
  passkey: boolean;
}

const METHODS_FALLBACK = 'Could not load your sign-in methods';

/** Whether the account has a password (a `credential` account) and passkeys to confirm with. */
export async function getConfirmationMethods(): Promise<ConfirmationMethods> {
  const [accounts, passkeys] = await Promise.all([
    unwrap(authClient.listAccounts(), METHODS_FALLBACK),
    unwrap(authClient.passkey.listUserPasskeys(), METHODS_FALLBACK),
  ]);
  return {
    password: accounts.some((account) => account.providerId === 'credential'),
    passkey: passkeys.length > 0,
  };
}

export const useConfirmationMethods = () =>
  useQuery(queryOptions({ queryKey: queryKeys.confirmationMethods, queryFn: getConfirmationMethods, staleTime: 0 }));

/**
 * The session was replaced by a fresh one (a new cookie, the old session ended by the server): the
 * screens learn the new session, and the session list shows it.
 */
async function adoptNewSession() {
  await refreshSession();
  void queryClient.invalidateQueries({ queryKey: queryKeys.mySessions });
}

/** `POST /fresh-session`: the password again, for a fresh session in place of this one. */
export async function confirmWithPassword(password: string): Promise<void> {
  await unwrap(authClient.freshSession({ password }), 'Could not confirm it is you');
  await adoptNewSession();
}

/**
 * A passkey sign-in, for a fresh session in place of this one (the server ends the old one). The
 * browser offers only this account's passkeys. Any failure reads as the spec's 'auth cancelled'.
 */
export async function confirmWithPasskey(): Promise<void> {
  const { data, error } = await authClient.signIn.passkey().catch(() => ({ data: null, error: null }));
  if (error || !data) throw toRequestError({ status: 400, code: 'AUTH_CANCELLED' }, 'auth cancelled');
  await adoptNewSession();
}

export const useConfirmWithPassword = () => useMutation({ mutationFn: confirmWithPassword });
export const useConfirmWithPasskey = () => useMutation({ mutationFn: confirmWithPasskey });
