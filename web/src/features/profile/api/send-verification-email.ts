import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { profileCallbackURL } from './callback-url';

export const sendVerificationEmail = (email: string) =>
  unwrap(
    authClient.sendVerificationEmail({ email, callbackURL: profileCallbackURL('?verified=1') }),
    'Failed to send verification email',
  );

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: (_, email) =>
      // Opened where this account is not signed in, the link claims the account (decision 0057).
      notify.success(
        `Verification email sent to ${email}. Open its link in this browser: opened elsewhere, it signs out every session and removes the password, passkeys and API keys set up before.`,
      ),
  });
}
