import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SignInInput, SignUpInput } from '#common/validation';
import { paths } from '@/config/paths';
import { authFetch } from '@/lib/auth-fetch';
import { messageOf } from '@/lib/errors';
import { signInErrorMessage } from '@/lib/passkey-errors';

/**
 * Each action resolves on success and throws an Error whose message is ready to show:
 * the server's message, else the screen's fallback text.
 */
export class AuthActionError extends Error {}

/**
 * The whole Better Auth client is a large download that showing /auth does not need: the actions
 * fetch it when first used (the form asks for it as soon as someone starts filling it in).
 */
export const loadAuthClient = async () => (await import('@/lib/auth-client')).authClient;

type AuthClient = Awaited<ReturnType<typeof loadAuthClient>>;

async function run(call: (client: AuthClient) => Promise<{ error: unknown }>, fallback: string): Promise<void> {
  let result: { error: unknown };
  try {
    result = await call(await loadAuthClient());
  } catch {
    // The request never got an answer (network down, server gone).
    throw new AuthActionError('An error occurred');
  }
  if (result.error) throw new AuthActionError(messageOf(result.error, fallback));
}

export const signIn = (input: SignInInput) =>
  run((client) => client.signIn.email({ ...input, callbackURL: paths.profile }), 'Login failed');

export const signUp = (input: SignUpInput) =>
  run((client) => client.signUp.email({ ...input, callbackURL: paths.profile }), 'Sign up failed');

export const signInAsGuest = () => run((client) => client.signIn.anonymous(), 'Anonymous login failed');

/** Sign-out errors are swallowed: the visitor lands on /auth either way. */
export async function signOut(): Promise<void> {
  try {
    await (await loadAuthClient()).signOut();
  } catch {
    // Nothing to do: the local session is forgotten by the caller.
  }
}

/**
 * Passkey sign-in. With `autoFill`, the browser offers passkeys in the email field's autofill and
 * the call resolves only if the person picks one. Any failure reads "auth cancelled".
 *
 * Autofill starts on every visit of /auth, so this speaks to the passkey plugin's two endpoints
 * itself (as its client does) rather than through the whole Better Auth client.
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
    const verified = await authFetch('/passkey/verify-authentication', { method: 'POST', body: { response } });
    if (verified.error) throw new Error('not verified');
  } catch {
    throw new AuthActionError(signInErrorMessage());
  }
}
