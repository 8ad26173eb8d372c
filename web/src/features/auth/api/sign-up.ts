import type { SignUpInput } from '#common/validation';
import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient, loadOAuthRequest } from '@/lib/load-auth-client';

/**
 * Creates the account and signs it in; a refusal throws a RequestError in the server's words. When
 * an application asked for the sign-in, where its flow goes on.
 */
export async function signUp(input: SignUpInput): Promise<string | null> {
  const client = await loadAuthClient();
  const answer = await unwrap(client.signUp.email({ ...input, callbackURL: paths.profile }), 'Sign up failed');
  return (await loadOAuthRequest()).continuationOf(answer);
}
