import type { BetterAuthClientPlugin } from 'better-auth/client';
import type { freshSession } from './index';

/**
 * The console's side of the plugin: `authClient.freshSession({ password })`, typed from the server's
 * endpoint (its error codes too). The browser loads this file: it imports the server plugin as a
 * type only, never its code.
 */
export const freshSessionClient = () =>
  ({
    id: 'fresh-session',
    $InferServerPlugin: {} as ReturnType<typeof freshSession>,
  }) satisfies BetterAuthClientPlugin;
