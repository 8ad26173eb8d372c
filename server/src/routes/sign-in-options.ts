import { Hono } from 'hono';
import type { EmailSignInOptions } from '#common/mail-sign-in';

/**
 * The ways in the server offers beyond a password, a passkey and a guest account, as the operator
 * configured them: the sign-in screen shows a button for each. Anyone may ask; nothing here is secret
 * (each way answers 404 when it is off).
 */
export function signInOptionsRoutes({ emailSignIn }: { emailSignIn: EmailSignInOptions }) {
  const answer = { emailSignIn: { link: emailSignIn.link, code: emailSignIn.code } };
  return new Hono().get('/', (c) => c.json(answer));
}
