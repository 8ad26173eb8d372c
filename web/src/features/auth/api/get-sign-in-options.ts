import type { EmailSignInOptions } from '#common/mail-sign-in';
import { answer, api } from '@/lib/api';

/** The ways in the server offers beyond a password, a passkey and a guest account. */
export async function getSignInOptions(): Promise<{ emailSignIn: EmailSignInOptions }> {
  return answer(api['sign-in-options'].$get(), 'An error occurred');
}
