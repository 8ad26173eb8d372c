import type { CurrentPasswordInput } from '#common/two-factor';
import { authClient } from '@/lib/auth-client';
import { toRequestError, unwrap } from '@/lib/errors';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export interface TwoFactorSetup {
  /** The `otpauth://` URI an authenticator app scans (or whose key a person types). */
  totpURI: string;
  /** Shown once two-factor is confirmed: the server never shows them again. */
  backupCodes: string[];
}

/** Starts the set-up; two-factor is on only once a first code is confirmed (`confirm-two-factor.ts`). */
export async function enableTwoFactor({ password }: CurrentPasswordInput): Promise<TwoFactorSetup> {
  const fallback = 'Failed to turn on two-factor authentication';
  const started = await unwrap(authClient.twoFactor.enable({ password }), fallback);
  // The app method is the only one offered: an answer without its URI is a failed call.
  if (!('totpURI' in started) || !started.totpURI) throw toRequestError(null, fallback);
  return { totpURI: started.totpURI, backupCodes: started.backupCodes ?? [] };
}

/** Nothing the console shows changes until the code is confirmed. */
export const useEnableTwoFactor = () => useRefreshingMutation({ mutationFn: enableTwoFactor, refreshes: [] });
