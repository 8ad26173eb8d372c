import type { BetterAuthPlugin } from 'better-auth';
import { authHook } from './auth-hook';

type AfterHandler = Parameters<typeof authHook>[0];

/**
 * A plugin of one hook that runs after one of Better Auth's own endpoints: the small corrections we
 * make to what an endpoint did or answered, each under its own plugin id.
 */
export function afterEndpointPlugin<Id extends string>(id: Id, path: string, handler: AfterHandler) {
  return {
    id,
    hooks: { after: [{ matcher: (ctx) => ctx.path === path, handler: authHook(handler) }] },
  } satisfies BetterAuthPlugin;
}
