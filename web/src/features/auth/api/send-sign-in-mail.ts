import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/** What the mail carries: a link that signs in, or a code to type here. */
export type MailSignInWay = 'link' | 'code';

/**
 * Asks the server to mail a sign-in link or code. It answers the same whether or not an account
 * uses the address, so success says only that the request was taken. A link that fails lands back
 * on /auth, which says why.
 */
export async function sendSignInMail(way: MailSignInWay, email: string): Promise<void> {
  const client = await loadAuthClient();
  const origin = window.location.origin;
  const sent =
    way === 'link'
      ? client.signIn.magicLink({
          email,
          callbackURL: `${origin}${paths.profile}`,
          errorCallbackURL: `${origin}${paths.auth}`,
        })
      : client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
  await unwrap<unknown>(sent, 'Failed to send the email');
}
