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
    onSuccess: (_, email) => notify.success(`Verification email sent to ${email}.`),
  });
}
