import type { SignInInput } from '#common/validation';
import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from './load-auth-client';

/** Email and password sign-in; a refusal throws a RequestError in the server's words. */
export async function signIn({ email, password }: SignInInput): Promise<void> {
  const client = await loadAuthClient();
  await unwrap(client.signIn.email({ email, password, callbackURL: paths.profile }), 'Login failed');
}
