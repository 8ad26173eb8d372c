import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { authHook, type HookContext } from '../../auth-hook';
import { RESET_TOKEN_SECONDS } from '../../password-reset';

/**
 * The record saying when a user's reset links last ended: a link mailed before it is spent. A record
 * rather than deleting the links, because with Redis they are kept there, by token only.
 */
const endedKey = (userId: string) => `reset-links-ended:${userId}`;
const resetKey = (token: string) => `reset-password:${token}`;
const time = (value: Date | string) => new Date(value).getTime();

/**
 * Ends every reset link mailed to the user so far. It outlives them: a link works an hour at most.
 */
export async function endResetLinks(context: Pick<AuthContext, 'internalAdapter'>, userId: string) {
  await context.internalAdapter.deleteVerificationByIdentifier(endedKey(userId));
  await context.internalAdapter.createVerificationValue({
    identifier: endedKey(userId),
    value: userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
}

/** The reset paths, which spend an ended link before the endpoint reads it. */
const RESET_PATHS = new Set(['/reset-password', '/reset-password/:token']);
/** Paths that end the user's reset links once they succeed: the password or the address changed. */
const ENDING_PATHS = new Set(['/change-password', '/change-email', '/admin/set-user-password']);

/**
 * A reset link works only while nothing has changed since it was mailed: a reset, a password change
 * (by the person or an admin) or a new address ends every link mailed before. An ended link is
 * spent, so the endpoint answers as for any used link.
 */
export function resetLinks() {
  return {
    id: 'reset-links',
    hooks: {
      before: [{ matcher: (ctx) => RESET_PATHS.has(ctx.path ?? ''), handler: authHook(spendEndedLink) }],
      after: [{ matcher: (ctx) => ENDING_PATHS.has(ctx.path ?? ''), handler: authHook(endLinks) }],
    },
  } satisfies BetterAuthPlugin;
}

async function spendEndedLink(ctx: HookContext) {
  const token =
    ctx.path === '/reset-password'
      ? ((ctx.body as { token?: unknown } | undefined)?.token ?? (ctx.query as { token?: unknown } | undefined)?.token)
      : (ctx.params as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token === '') return;
  const link = await ctx.context.internalAdapter.findVerificationValue(resetKey(token));
  if (!link) return;
  const ended = await ctx.context.internalAdapter.findVerificationValue(endedKey(link.value));
  if (ended && time(link.createdAt) <= time(ended.createdAt)) {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(resetKey(token));
  }
}

async function endLinks(ctx: HookContext) {
  if (isAPIError(ctx.context.returned)) return;
  const userId =
    ctx.path === '/admin/set-user-password'
      ? (ctx.body as { userId?: unknown } | undefined)?.userId
      : (ctx.context.session ?? ctx.context.newSession)?.user.id;
  if (typeof userId === 'string') await endResetLinks(ctx.context, userId);
}
