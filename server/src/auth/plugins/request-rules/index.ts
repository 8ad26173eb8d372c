import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { isBanned } from '../../banned';
import { checkAuthInput, hasInputRules } from '../../input-rules';
import { REQUEST_RULE_ERROR_CODES } from './error-codes';
import { authHook, type HookContext } from '../../auth-hook';

/** Paths with a rule of their own below; any other request is only checked when it has input rules. */
const BEFORE_PATHS = new Set(['/admin/impersonate-user', '/api-key/create', '/sign-up/email', '/change-password']);
const AFTER_PATHS = new Set(['/get-session', '/admin/set-user-password']);

/**
 * Rules of ours around Better Auth's endpoints that belong to no other plugin: input checks, no
 * lasting credential for a guest, no impersonating a banned user, sign-up as slow for a taken address
 * as for a new one, a new password ending every other session, a ban ending whatever session is left.
 * A plugin, not Better Auth's top-level hooks, which run before every plugin's: put it right after
 * the audit trail's first plugin, so that its refusals are recorded too. The hooks match only where
 * a rule applies: each hook that runs costs Better Auth three contexts of its own.
 */
export function requestRules() {
  return {
    id: 'request-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => BEFORE_PATHS.has(ctx.path ?? '') || hasInputRules(ctx.path ?? '', ctx.query),
          handler: authHook(before),
        },
      ],
      after: [{ matcher: (ctx) => AFTER_PATHS.has(ctx.path ?? ''), handler: authHook(after) }],
    },
    $ERROR_CODES: REQUEST_RULE_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}

async function before(ctx: HookContext) {
  if (ctx.path === '/admin/impersonate-user' && ctx.request) {
    const target = (ctx.body as { userId?: unknown } | undefined)?.userId;
    const user = typeof target === 'string' ? await ctx.context.internalAdapter.findUserById(target) : null;
    if (isBanned(user)) {
      throw APIError.from('BAD_REQUEST', REQUEST_RULE_ERROR_CODES.BANNED_USER_NOT_IMPERSONATED);
    }
  }
  if (ctx.path === '/api-key/create' && ctx.request) {
    // A guest account is temporary and unverifiable: it gets no lasting credential.
    const session = await getSessionFromCtx(ctx);
    if (session?.user.isAnonymous) {
      throw APIError.from('FORBIDDEN', REQUEST_RULE_ERROR_CODES.NO_API_KEYS_FOR_GUESTS);
    }
  }
  checkAuthInput(ctx.path, ctx.body, ctx.query);
  if (ctx.path === '/sign-up/email') {
    // A taken address is refused (the spec signs people in at once: no account to hide behind a
    // fake success), but never faster than an account is made: the password is hashed either way.
    const { email, password } = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
    const taken = typeof email === 'string' && (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()));
    if (taken && typeof password === 'string') await ctx.context.password.hash(password);
  }
  if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
    // A new password locks out whoever else holds a session, whatever the client asked for
    // (and the caller's own session gets a new token).
    return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
  }
}

async function after(ctx: HookContext) {
  if (isAPIError(ctx.context.returned)) return;
  if (ctx.path === '/get-session' && isBanned((ctx.context.returned as { user?: unknown } | null)?.user)) {
    // A ban ends the user's sessions; one left behind (a ban written elsewhere) signs nobody in.
    return ctx.json(null);
  }
  const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
  if (ctx.path === '/admin/set-user-password' && typeof userId === 'string') {
    // Set by an admin (a lost or leaked password): every session of the account ends.
    await ctx.context.internalAdapter.deleteUserSessions(userId);
  }
}
