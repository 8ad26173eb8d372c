import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/**
 * Signs in with the code that came by mail; a wrong, expired or used code throws a RequestError in
 * words that say which. With two-factor on, `secondFactor` says a code from the app is asked next.
 */
export async function signInWithCode(email: string, code: string): Promise<{ secondFactor: boolean }> {
  const client = await loadAuthClient();
  const answer = await unwrap<unknown>(client.signIn.emailOtp({ email, otp: code }), 'Login failed');
  const held = answer as { twoFactorRedirect?: unknown };
  return { secondFactor: held.twoFactorRedirect === true };
}
