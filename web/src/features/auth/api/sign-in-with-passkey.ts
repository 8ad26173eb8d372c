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
 * itself (as its client does) rather than through the whole Better Auth client; an application's
 * signed request goes with it as the provider's client plugin would send it, and the browser then
 * goes on to that application.
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
    // The whole client's chunk carries the request's rules: fetched only when the page has a request.
    const oauth = new URLSearchParams(window.location.search).has('sig') ? await loadOAuthRequest() : undefined;
    const oauthQuery = oauth?.signedOAuthQuery();
    const verified = await authFetch('/passkey/verify-authentication', {
      method: 'POST',
      body: oauthQuery ? { response, oauth_query: oauthQuery } : { response },
    });
    if (verified.error) throw new Error('not verified');
    await oauth?.leaveIfContinued(verified.data);
  } catch {
    throw toRequestError({ status: 400, code: 'AUTH_CANCELLED' }, 'auth cancelled');
  }
}
