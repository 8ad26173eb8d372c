import type { BetterAuthPlugin } from 'better-auth';
import { PASSKEY_GUARD_ERROR_CODES } from './error-codes';
import { refuseLastPasskey } from './last-passkey';
import { nameProviders } from './provider-names';

/** Passkeys as the console shows them: named by provider, and never the last one deleted (decision 0037). */
export function passkeyGuard() {
  return {
    id: 'passkey-guard',
    hooks: { before: [refuseLastPasskey], after: [nameProviders] },
    $ERROR_CODES: PASSKEY_GUARD_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
