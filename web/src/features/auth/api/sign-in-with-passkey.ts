import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { authFetch } from '@/lib/auth-fetch';
import { toRequestError } from '@/lib/errors';
import { loadOAuthRequest } from '@/lib/load-auth-client';

/**
 * Passkey sign-in. With `autoFill`, the browser offers passkeys in the email field's autofill and
 * the call resolves only if the person picks one. Any failure is AUTH_CANCELLED, whatever went
 * wrong: there is nothing to learn from it for an attacker.
 *
 * Autofill starts on every visit of /auth, so this speaks to the passkey plugin's two endpoints
 * itself (as its client does) rather than through the whole Better Auth client, and sends the
 * application's signed request itself as the provider's client plugin would. When an application
 * asked for the sign-in, resolves with where its flow goes on.
 */
export async function signInWithPasskey({ autoFill = false } = {}): Promise<string | null> {
  try {
    const options = await authFetch<PublicKeyCredentialRequestOptionsJSON>('/passkey/generate-authenticate-options');
    if (!options.data) throw new Error('no options');
    // The server wants the credential without the client-side extension results.
    const { clientExtensionResults: _, ...response } = await startAuthentication({
      optionsJSON: options.data,
      useBrowserAutofill: autoFill,
    });
    const { continuationOf, signedOAuthQuery } = await loadOAuthRequest();
    const oauthQuery = signedOAuthQuery();
    const verified = await authFetch('/passkey/verify-authentication', {
      method: 'POST',
      body: oauthQuery ? { response, oauth_query: oauthQuery } : { response },
    });
    if (verified.error) throw new Error('not verified');
    return continuationOf(verified.data);
  } catch {
    throw toRequestError({ status: 400, code: 'AUTH_CANCELLED' }, 'auth cancelled');
  }
}
