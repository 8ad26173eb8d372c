import { BASE_ERROR_CODES } from '@better-auth/core/error';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { AuditLog } from '../../audit/audit-log';
import type { Database } from '../../db/database';
import { authHook, type HookContext } from '../auth-hook';
import { IDENTITY_PROVIDER_ERROR_CODES } from './error-codes';
import { UNLINK_ACCOUNT_PATH } from './paths';
import { requestFacts } from './request-facts';
import { removeLinkedIdentity } from '../linked-identities';

type Code = keyof typeof IDENTITY_PROVIDER_ERROR_CODES;

/**
 * Better Auth's `/unlink-account`, answered by us: only an account at a provider, only the
 * caller's own, and never the last way in (decision 0085), checked and removed under a lock on the
 * person's row. Each unlink is recorded, refusals included, with the provider's id.
 */
export function unlinkRule({ database, audit }: { database: Database; audit: AuditLog }) {
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
        // The endpoint never runs after this hook: its rule for a recent sign-in is kept here.
        const freshAge = ctx.context.sessionConfig.freshAge * 1000;
        if (freshAge !== 0 && Date.now() - new Date(session.session.createdAt).getTime() >= freshAge)
          throw APIError.from('FORBIDDEN', BASE_ERROR_CODES.SESSION_NOT_FRESH);
        // Checked and removed under a lock on the person's row, as an admin's removal is: two unlinks
        // at once must not each see the other's account still there and leave no way in.
        const removal = await removeLinkedIdentity(database, userId, accountId);
        if (removal.outcome === 'last-way')
          throw refuse(ctx, userId, 'LAST_WAY_TO_SIGN_IN', { providerId: removal.providerId });
        // Someone else's account, a password or nothing: one answer, which tells nothing.
        if (removal.outcome !== 'removed') throw refuse(ctx, userId, 'LINKED_ACCOUNT_NOT_FOUND');
        record(ctx, userId, { providerId: removal.providerId });
        return ctx.json({ status: true });
      }),
    },
  };
}
