import { WebAuthnAbortService } from '@simplewebauthn/browser';
import { authClient } from '@/lib/auth-client';
import { RequestError, toRequestError } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import type { FreshSessionRun } from '@/lib/use-fresh-session';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The server's answer when the session is older than its freshness window: sign in again. */
export const SESSION_NOT_FRESH = 'SESSION_NOT_FRESH';

interface PasskeyClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

/**
 * A failed registration in the console's words. The browser reports a dismissed or timed-out prompt
 * as NotAllowedError, which the client passes through: to a person that is a cancelled registration.
 */
function registrationError(error: PasskeyClientError | null | undefined): RequestError {
  if (error?.code === SESSION_NOT_FRESH) {
    return new RequestError(
      error.status ?? 403,
      SESSION_NOT_FRESH,
      'For your security, sign in again to add a passkey.',
    );
  }
  const dismissed =
    error?.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && /not allowed|timed out/i.test(error.message ?? '');
  return toRequestError(dismissed ? { ...error, code: 'ERROR_CEREMONY_ABORTED' } : error, 'Failed to create passkey');
}

let pending: AbortController | null = null;

/** Registers a passkey of this device (the platform authenticator) under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const controller = new AbortController();
  pending = controller;
  const result = await authClient.passkey
    .addPasskey({ name, authenticatorAttachment: 'platform', fetchOptions: { signal: controller.signal } })
    .catch(() => ({ data: null, error: null }));
  if (pending === controller) pending = null;
  if (controller.signal.aborted) throw registrationError({ status: 400, code: 'ERROR_CEREMONY_ABORTED' });
  if (result?.error || !result?.data) throw registrationError(result?.error as PasskeyClientError | null);
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

/**
 * `guard` is `useFreshSession().run` (lib/use-fresh-session): a session too old to add a passkey is
 * asked to confirm it is the person, and the passkey is added once they have.
 */
export const useAddPasskey = (guard: FreshSessionRun = (action) => action()) =>
  useRefreshingMutation({
    mutationFn: (name: string) => guard(() => addPasskey(name)),
    refreshes: [queryKeys.passkeys],
  });
