import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { AuditLog } from '../../audit/audit-log';
import type { Database } from '../../db/database';
import { authHook, type HookContext } from '../auth-hook';
import { IDENTITY_PROVIDER_ERROR_CODES } from './error-codes';
import { PASSWORD_PROVIDER_ID } from '#common/linked-identities';
import { UNLINK_ACCOUNT_PATH } from './paths';
import { requestFacts } from './request-facts';
import { keepsAWayIn, waysIn } from '../sign-in-ways';

type Code = keyof typeof IDENTITY_PROVIDER_ERROR_CODES;

/**
 * Around Better Auth's `/unlink-account` (which Better Auth is told may remove any account): only
 * an account at a provider, only the caller's own, and never the last way in (decision 0085). Each
 * unlink is recorded, refusals included, with the provider's id.
 */
export function unlinkRule({ database, audit }: { database: Database; audit: AuditLog }) {
  /** The unlink under way, by the request's headers: whose, and which provider. */
  const underWay = new WeakMap<object, { userId: string; providerId: string }>();
  const record = (ctx: HookContext, userId: string, details: Record<string, string>, code?: string) =>
    audit.record({
      action: 'account.unlink',
      outcome: code ? 'failure' : 'success',
      actorId: userId,
      targetUserId: userId,
      ...requestFacts(ctx),
      details: { ...details, code },
    });
  const refuse = (ctx: HookContext, userId: string, code: Code, details: Record<string, string> = {}) => {
    record(ctx, userId, details, code);
    return APIError.from('BAD_REQUEST', IDENTITY_PROVIDER_ERROR_CODES[code]);
  };
  const isUnlink = (ctx: { path?: string }) => ctx.path === UNLINK_ACCOUNT_PATH;
  return {
    before: {
      matcher: isUnlink,
      handler: authHook(async (ctx) => {
        const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
        const session = await getSessionFromCtx(ctx);
        // No session, or a body of the wrong shape: the endpoint's own answer (401, 400).
        if (!session || typeof accountId !== 'string') return;
        const userId = session.user.id;
        const ways = await waysIn(database.db, userId);
        const account = ways.linked.find((linked) => linked.id === accountId);
        // Someone else's account, a password or nothing: one answer, which tells nothing.
        if (!account || account.providerId === PASSWORD_PROVIDER_ID)
          throw refuse(ctx, userId, 'LINKED_ACCOUNT_NOT_FOUND');
        if (!keepsAWayIn(ways, accountId))
          throw refuse(ctx, userId, 'LAST_WAY_TO_SIGN_IN', { providerId: account.providerId });
        const key = ctx.headers ?? ctx.request;
        if (key) underWay.set(key, { userId, providerId: account.providerId });
      }),
    },
    after: {
      matcher: isUnlink,
      handler: authHook(async (ctx) => {
        const key = ctx.headers ?? ctx.request;
        const unlink = key ? underWay.get(key) : undefined;
        if (!unlink) return;
        const returned = ctx.context.returned;
        const code = isAPIError(returned)
          ? String((returned.body as { code?: unknown } | undefined)?.code ?? returned.status)
          : undefined;
        record(ctx, unlink.userId, { providerId: unlink.providerId }, code);
      }),
    },
  };
}
