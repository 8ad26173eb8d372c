import type { SignInInput, SignUpInput } from '#common/validation';
import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth-client';
import { messageOf } from '@/lib/errors';
import { signInErrorMessage } from '@/lib/passkey-errors';

/**
 * Each action resolves on success and throws an Error whose message is ready to show:
 * the server's message, else the screen's fallback text.
 */
export class AuthActionError extends Error {}

async function run(call: () => Promise<{ error: unknown }>, fallback: string): Promise<void> {
  let result: { error: unknown };
  try {
    result = await call();
  } catch {
    // The request never got an answer (network down, server gone).
    throw new AuthActionError('An error occurred');
  }
  if (result.error) throw new AuthActionError(messageOf(result.error, fallback));
}

export const signIn = (input: SignInInput) =>
  run(() => authClient.signIn.email({ ...input, callbackURL: paths.profile }), 'Login failed');

export const signUp = (input: SignUpInput) =>
  run(() => authClient.signUp.email({ ...input, callbackURL: paths.profile }), 'Sign up failed');

export const signInAsGuest = () => run(() => authClient.signIn.anonymous(), 'Anonymous login failed');

/** Sign-out errors are swallowed: the visitor lands on /auth either way. */
export async function signOut(): Promise<void> {
  try {
    await authClient.signOut();
  } catch {
    // Nothing to do: the local session is forgotten by the caller.
  }
}

/**
 * Passkey sign-in. With `autoFill`, the browser offers passkeys in the email field's autofill and
 * the call resolves only if the person picks one. Any failure reads "auth cancelled".
 */
export async function signInWithPasskey({ autoFill = false } = {}): Promise<void> {
  let result: { error: unknown } | undefined;
  try {
    result = await authClient.signIn.passkey({ autoFill });
  } catch {
    throw new AuthActionError(signInErrorMessage());
  }
  if (!result || result.error) throw new AuthActionError(signInErrorMessage());
}
