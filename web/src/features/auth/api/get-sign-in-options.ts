import type { SignInProvider } from '#common/identity-providers';

/**
 * The identity providers the sign-in screen offers a button for. The API client is loaded with the
 * call, beside the screen rather than in its first chunk (its budget, decision 0020). A server that
 * cannot say offers none: the other ways in still work.
 */
export async function getSignInProviders(): Promise<SignInProvider[]> {
  try {
    const { answer, api } = await import('@/lib/api');
    return (await answer(api['sign-in-options'].$get(), 'Failed to load the ways to sign in')).data.providers;
  } catch {
    return [];
  }
}
