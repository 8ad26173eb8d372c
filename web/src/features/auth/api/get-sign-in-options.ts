import type { SignInOptions } from '#common/identity-providers';
import { API_URL } from '@/config/api-url';

const NONE: SignInOptions = { providers: [], emailSignIn: { link: false, code: false } };

/**
 * The ways in the sign-in screen offers besides a password, a passkey and a guest account (a button
 * per identity provider, a link or a code by mail), read before anyone acts. A plain `fetch`, not the
 * API client: that client is 2.6 KB the screen's budget has no room for (decision 0086, as 0070 does
 * for the session). A server that cannot say offers none: the other ways in work.
 */
export async function getSignInOptions(): Promise<SignInOptions> {
  try {
    const response = await fetch(`${API_URL}/api/v1/sign-in-options`, { credentials: 'include' });
    if (!response.ok) return NONE;
    const { data } = (await response.json()) as { data?: Partial<SignInOptions> };
    return {
      providers: Array.isArray(data?.providers) ? data.providers : [],
      emailSignIn: { link: data?.emailSignIn?.link === true, code: data?.emailSignIn?.code === true },
    };
  } catch {
    return NONE;
  }
}
