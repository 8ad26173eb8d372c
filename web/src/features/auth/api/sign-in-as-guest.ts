import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/** A new anonymous account, signed in. */
export async function signInAsGuest(): Promise<void> {
  const client = await loadAuthClient();
  await unwrap(client.signIn.anonymous(), 'Anonymous login failed');
}
