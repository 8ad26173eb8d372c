import { paths } from '@/config/paths';
import { unwrap } from '@/lib/errors';
import { loadAuthClient } from '@/lib/load-auth-client';

/** A page of the console as an address the provider's return can be sent to (the API may be elsewhere). */
const consoleUrl = (path: string) => new URL(path, window.location.origin).href;

/** This screen as it is (an application's signed request included), without an earlier `error`. */
const thisScreen = () => {
  const url = new URL(window.location.href);
  url.searchParams.delete('error');
  url.searchParams.delete('error_description');
  return url.href;
};

/**
 * Leaves for the provider's sign-in page (Better Auth's client follows its answer); the browser
 * comes back to the profile, or to this screen with `?error=` when the sign-in was refused. On a
 * page an application sent the browser to, the client sends its signed request along, and the
 * provider's return goes on to the application (consent, then its redirect URI) instead.
 */
export async function signInWithProvider(provider: string): Promise<void> {
  const client = await loadAuthClient();
  await unwrap(
    client.signIn.social({
      provider,
      callbackURL: consoleUrl(paths.profile),
      errorCallbackURL: thisScreen(),
    }),
    'Login failed',
  );
  // The page is leaving: stay pending until it has gone.
  await new Promise(() => undefined);
}
