import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { SignInOptions, SignInProvider } from '#common/identity-providers';
import type { EmailSignInOptions } from '#common/mail-sign-in';

/**
 * `GET /api/v1/sign-in-options`, public: the ways in the sign-in screen offers besides a password, a
 * passkey and a guest account (a button per configured provider; a link or a code by mail), as the
 * operator configured them. Nothing here is secret: each way that is off answers 404.
 */
export function signInOptionsRoutes({
  providers,
  emailSignIn,
}: {
  providers: SignInProvider[];
  emailSignIn: EmailSignInOptions;
}) {
  const data: SignInOptions = {
    providers: providers.map(({ id, label }) => ({ id, label })),
    emailSignIn: { link: emailSignIn.link, code: emailSignIn.code },
  };
  return new Hono().get('/', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json<ApiData<SignInOptions>>({ data });
  });
}
