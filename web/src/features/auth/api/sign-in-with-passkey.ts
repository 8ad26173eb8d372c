import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { authFetch } from '@/lib/auth-fetch';
import { toRequestError } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/**
 * Passkey sign-in. With `autoFill`, the browser offers passkeys in the email field's autofill and
 * the call resolves only if the person picks one. Any failure is AUTH_CANCELLED, whatever went
 * wrong: there is nothing to learn from it for an attacker.
 *
 * Autofill starts on every visit of /auth, so this speaks to the passkey plugin's two endpoints
 * itself (as its client does) rather than through the whole Better Auth client. On a page an
 * application sent the browser to (its signed request in the query), the last call goes through the
 * client, whose plugins send that request along and follow the answer to the application.
 */
export async function signInWithPasskey({ autoFill = false } = {}): Promise<void> {
  try {
    const options = await authFetch<PublicKeyCredentialRequestOptionsJSON>('/passkey/generate-authenticate-options');
    if (!options.data) throw new Error('no options');
    // The server wants the credential without the client-side extension results.
    const { clientExtensionResults: _, ...response } = await startAuthentication({
      optionsJSON: options.data,
      useBrowserAutofill: autoFill,
    });
    const verify = { method: 'POST', body: { response } } as const;
    const verified = new URLSearchParams(window.location.search).has('sig')
      ? await (await loadAuthClient()).$fetch('/passkey/verify-authentication', verify)
      : await authFetch('/passkey/verify-authentication', verify);
    if (verified.error) throw new Error('not verified');
  } catch {
    throw toRequestError({ status: 400, code: 'AUTH_CANCELLED' }, 'auth cancelled');
  }
}
