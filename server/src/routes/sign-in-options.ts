import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { SignInOptions, SignInProvider } from '#common/identity-providers';

/**
 * `GET /api/v1/sign-in-options`, public: the ways in the sign-in screen offers besides a password
 * and a passkey (one button per configured provider). Fixed at start, as the configuration is.
 */
export function signInOptionsRoutes({ providers }: { providers: SignInProvider[] }) {
  const data: SignInOptions = { providers: providers.map(({ id, label }) => ({ id, label })) };
  return new Hono().get('/', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json<ApiData<SignInOptions>>({ data });
  });
}
