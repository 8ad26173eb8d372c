import type { SignInProvider } from '#common/identity-providers';
import { API_URL } from '@/config/api-url';

/**
 * The identity providers the sign-in screen offers a button for, read before anyone acts. A plain
 * `fetch`, not the API client: that client is 2.6 KB the screen's budget has no room for (decision
 * 0086, as 0070 does for the session). A server that cannot say offers none: the other ways in work.
 */
export async function getSignInProviders(): Promise<SignInProvider[]> {
  try {
    const response = await fetch(`${API_URL}/api/v1/sign-in-options`, { credentials: 'include' });
    if (!response.ok) return [];
    const body = (await response.json()) as { data?: { providers?: SignInProvider[] } };
    return Array.isArray(body.data?.providers) ? body.data.providers : [];
  } catch {
    return [];
  }
}
