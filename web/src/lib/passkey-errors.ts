/**
 * Messages for WebAuthn failures (shared by passkey sign-in and passkey management).
 * The browser reports a dismissed prompt as NotAllowedError, passed through by the client: to a
 * person that is a cancelled registration too.
 */
export interface PasskeyError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

export const PASSKEY_MESSAGES = {
  AUTH_CANCELLED: 'auth cancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'previously registered',
  ERROR_CEREMONY_ABORTED: 'registration cancelled',
} as const;

export function registrationErrorMessage(error: PasskeyError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return PASSKEY_MESSAGES.ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED;
  if (error.code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_MESSAGES.ERROR_CEREMONY_ABORTED;
  if (error.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && /not allowed|timed out/i.test(error.message ?? '')) {
    return PASSKEY_MESSAGES.ERROR_CEREMONY_ABORTED;
  }
  return error.message?.trim() ? error.message : fallback;
}

/** Any failed passkey sign-in reads the same, whatever went wrong (nothing to learn for an attacker). */
export const signInErrorMessage = () => PASSKEY_MESSAGES.AUTH_CANCELLED;
