import type { SignUpInput } from '#common/validation';
import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/** Creates the account and signs it in; a refusal throws a RequestError in the server's words. */
export async function signUp(input: SignUpInput): Promise<void> {
  const client = await loadAuthClient();
  await unwrap(client.signUp.email({ ...input, callbackURL: paths.profile }), 'Sign up failed');
}
