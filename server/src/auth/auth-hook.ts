import type { createAuthMiddleware } from 'better-auth/api';
import { createMiddleware } from 'better-call';

/** What a plugin hook's handler is given, as Better Auth types it. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The handler of one of our plugins' hooks. Better Auth's `createAuthMiddleware` runs two middlewares
 * of its own before the handler, which only type its context (each returns `{}`, merged into nothing),
 * yet each builds a whole endpoint context of its own: three contexts for every hook that runs. This
 * is the same handler with its one context; what it is given and what it answers are unchanged.
 */
export function authHook<R>(handler: (ctx: HookContext) => Promise<R>) {
  return createMiddleware(handler as unknown as Parameters<typeof createMiddleware<object, R>>[0]);
}
