import { Hono } from 'hono';
import type { SignInProvider } from '#common/identity-providers';
import type { ApiData, ErrorCode } from '#common/error-codes';
import {
  adminLinkedIdentityParamsSchema,
  adminLinkedIdentityUserSchema,
  type AdminLinkedIdentity,
  type AdminLinkedIdentityRemoval,
} from '#common/linked-identities';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import { listLinkedIdentities, removeLinkedIdentity, type LinkedIdentityRemoval } from '../../auth/linked-identities';
import type { Database } from '../../db/database';
import { apiError } from '../../http/api-error';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

const REFUSALS = {
  'last-way': 'USER_LAST_WAY_TO_SIGN_IN',
  'user-not-found': 'USER_NOT_FOUND',
  'not-found': 'LINKED_IDENTITY_NOT_FOUND',
} as const satisfies Record<Exclude<LinkedIdentityRemoval['outcome'], 'removed'>, ErrorCode>;

/**
 * `GET /users/:id/linked-accounts` and `DELETE /users/:id/linked-accounts/:accountId`, under the
 * admin routes (which check the caller): the identities from providers linked to a person, and the
 * removal of one that is not theirs.
 */
export function linkedIdentityRoutes({
  auth,
  database,
  audit,
  providers,
}: {
  auth: Auth;
  database: Database;
  audit: AuditLog;
  providers: readonly SignInProvider[];
}) {
  return new Hono<{ Variables: PrincipalVariables }>()
    .get('/users/:id/linked-accounts', validate('param', adminLinkedIdentityUserSchema), async (c) => {
      const identities = await listLinkedIdentities(database, c.req.valid('param').id, providers);
      if (!identities) return apiError(c, 404, 'USER_NOT_FOUND');
      return c.json<ApiData<AdminLinkedIdentity[]>>({ data: identities });
    })
    .delete('/users/:id/linked-accounts/:accountId', validate('param', adminLinkedIdentityParamsSchema), async (c) => {
      const { id, accountId } = c.req.valid('param');
      const removal = await removeLinkedIdentity(database, id, accountId);
      let sessionsEnded = 0;
      if (removal.outcome === 'removed') {
        // Sessions do not say how they were opened: those the removed identity opened (the reason
        // to remove it, most often) can only end with all the others (decision 0090).
        const { internalAdapter } = await auth.$context;
        sessionsEnded = (await internalAdapter.listSessions(id)).length;
        await internalAdapter.deleteUserSessions(id);
      }
      // The admin, address and browser come from the request (decision 0063); refusals are kept too.
      audit.record({
        action: 'admin.account_unlink',
        outcome: removal.outcome === 'removed' ? 'success' : 'failure',
        targetUserId: id,
        details:
          removal.outcome === 'removed'
            ? { providerId: removal.providerId, sessionsEnded }
            : { providerId: 'providerId' in removal ? removal.providerId : undefined, code: REFUSALS[removal.outcome] },
      });
      if (removal.outcome !== 'removed') {
        return apiError(c, removal.outcome === 'last-way' ? 409 : 404, REFUSALS[removal.outcome]);
      }
      return c.json<ApiData<AdminLinkedIdentityRemoval>>({
        data: { id: accountId, userId: id, providerId: removal.providerId, sessionsEnded },
      });
    });
}
