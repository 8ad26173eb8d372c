import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { authHook, type HookContext } from '../auth-hook';
import { pluginErrorCodes } from '../plugin-error-codes';
import { isDisabledProviderPath } from './disabled-paths';

export const APPLICATION_ERROR_CODES = pluginErrorCodes('NO_APPLICATIONS_FOR_GUESTS', 'NO_CONSENT_WHILE_IMPERSONATING');

/** Whoever may not let an application in: a guest, or an admin acting as someone else. */
async function refuseWhoMayNotAllow(ctx: HookContext) {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  if (session.session.impersonatedBy) {
    throw APIError.from('FORBIDDEN', APPLICATION_ERROR_CODES.NO_CONSENT_WHILE_IMPERSONATING);
  }
  if (session.user.isAnonymous) throw APIError.from('FORBIDDEN', APPLICATION_ERROR_CODES.NO_APPLICATIONS_FOR_GUESTS);
}

/**
 * The provider sends guests and impersonating admins to the consent screen before any code is
 * issued (its `postLogin` step); this refuses them the two calls that would go on from there:
 * allowing, and continuing past that step. Denying stays open to them.
 */
export function applicationGuard(basePath: string) {
  return {
    id: 'application-guard',
    // Better Auth's `disabledPaths` matches whole paths only; these have path parameters too.
    onRequest: async (request) => {
      const path = new URL(request.url).pathname.slice(basePath.length);
      if (isDisabledProviderPath(path)) return { response: new Response('Not Found', { status: 404 }) };
      return undefined;
    },
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path === '/oauth2/continue' ||
            (ctx.path === '/oauth2/consent' && (ctx.body as { accept?: unknown } | undefined)?.accept === true),
          handler: authHook(refuseWhoMayNotAllow),
        },
      ],
    },
    $ERROR_CODES: APPLICATION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
