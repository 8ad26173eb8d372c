import type { SignInInput } from '#common/validation';
import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/**
 * Email and password sign-in; a refusal throws a RequestError in the server's words. With two-factor
 * on, a right password signs nobody in yet: `secondFactor` says a code is asked for next.
 */
export async function signIn({ email, password }: SignInInput): Promise<{ secondFactor: boolean }> {
  const client = await loadAuthClient();
  const answer = await unwrap(client.signIn.email({ email, password, callbackURL: paths.profile }), 'Login failed');
  return { secondFactor: 'twoFactorRedirect' in answer && answer.twoFactorRedirect === true };
}
