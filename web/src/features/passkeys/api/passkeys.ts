import { queryOptions } from '@tanstack/react-query';
import { WebAuthnAbortService } from '@simplewebauthn/browser';
import { authClient } from '@/lib/auth-client';
import { messageOf, unwrap } from '@/lib/errors';
import { PASSKEY_MESSAGES, registrationErrorMessage } from '@/lib/passkey-errors';
import { queryKeys } from '@/lib/query-keys';

export interface PasskeyRow {
  id: string;
  name?: string | null;
  createdAt: Date | string;
  deviceType: string;
  backedUp: boolean;
  credentialID: string;
}

export class SessionNotFreshError extends Error {
  constructor() {
    super('For your security, sign in again to add a passkey.');
  }
}

export const passkeysQuery = queryOptions({
  queryKey: queryKeys.passkeys,
  queryFn: async (): Promise<PasskeyRow[]> => {
    const { data, error } = await authClient.passkey.listUserPasskeys();
    if (error) throw new Error(messageOf(error, 'Failed to load passkeys'));
    return (data ?? []) as PasskeyRow[];
  },
});

let pending: AbortController | null = null;

export async function addPasskey(name: string): Promise<void> {
  const controller = new AbortController();
  pending = controller;
  const result = await authClient.passkey
    .addPasskey({ name, authenticatorAttachment: 'platform', fetchOptions: { signal: controller.signal } })
    .catch(() => ({ data: null, error: null }));
  if (pending === controller) pending = null;
  if (controller.signal.aborted) throw new Error(PASSKEY_MESSAGES.ERROR_CEREMONY_ABORTED);
  const error = result?.error as { code?: string; message?: string; status?: number } | null | undefined;
  if (error?.code === 'SESSION_NOT_FRESH') throw new SessionNotFreshError();
  if (error || !result?.data) throw new Error(registrationErrorMessage(error, 'Failed to create passkey'));
}

/**
 * Stops a registration in progress: the request for options if it is still out, else the
 * browser's prompt. Either way the attempt reports "registration cancelled".
 */
export function cancelPasskeyCeremony() {
  const controller = pending;
  controller?.abort();
  WebAuthnAbortService.cancelCeremony();
  // The prompt opens a moment after its options arrive: a Cancel pressed in between must reach it too.
  for (const delay of [50, 250]) {
    setTimeout(() => {
      if (controller && pending === controller) WebAuthnAbortService.cancelCeremony();
    }, delay);
  }
}

export const renamePasskey = (id: string, name: string) =>
  unwrap(authClient.passkey.updatePasskey({ id, name }), 'Failed to rename passkey');

export const deletePasskey = (id: string) =>
  unwrap(authClient.passkey.deletePasskey({ id }), 'Failed to delete passkey');
