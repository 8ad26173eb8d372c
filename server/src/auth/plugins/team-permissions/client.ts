import type { BetterAuthClientPlugin } from 'better-auth/client';
import type { teamPermissions } from './index';

/**
 * The console's side of the plugin: `authClient.teamPermissions.getTeam({ query })`,
 * `.setPermissionMode({ teamId, permissionMode })` and the rest, typed from the server's endpoints
 * (their error codes too). The browser loads this file: it imports the server plugin as a type
 * only, never its code. No `$ERROR_CODES` here: Better Auth's client reads them from the server
 * plugin's type and never at run time.
 */
export const teamPermissionsClient = () =>
  ({
    id: 'team-permissions',
    $InferServerPlugin: {} as ReturnType<typeof teamPermissions>,
  }) satisfies BetterAuthClientPlugin;
