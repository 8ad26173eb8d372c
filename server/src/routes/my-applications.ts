import { Hono } from 'hono';
import {
  connectedApplicationParamSchema,
  type ConnectedApplication,
  type RevokedApplication,
} from '#common/connected-apps';
import type { ApiData } from '#common/error-codes';
import type { AuditLog } from '../audit/audit-log';
import type { Auth } from '../auth/auth';
import { listConnectedApps, revokeConnectedApp } from '../auth/openid-provider/connected-apps';
import type { Database } from '../db/database';
import { apiError } from '../http/api-error';
import { clientAddressOf } from '../http/client-address';
import { refuseImpersonation } from '../http/refuse-impersonation';
import { requireUser, type PrincipalVariables } from '../http/session';
import { validate } from '../http/validate';

/**
 * `GET /api/v1/me/applications` and `DELETE /api/v1/me/applications/:clientId`: the applications
 * the caller allowed to reach their account, and taking that back. The person's own, in the console:
 * a session, never an API key (a key must not be able to cut the person off from their apps).
 */
export function myApplicationRoutes({ auth, database, audit }: { auth: Auth; database: Database; audit: AuditLog }) {
  const person = requireUser(auth);
  return new Hono<{ Variables: PrincipalVariables }>()
    .get('/', person, async (c) => {
      const { user } = c.get('principal');
      // A guest can allow no application (application-guard): there is nothing to list.
      const data = user.isAnonymous ? [] : await listConnectedApps(database, user.id);
      return c.json<ApiData<ConnectedApplication[]>>({ data });
    })
    .delete(
      '/:clientId',
      person,
      refuseImpersonation(),
      validate('param', connectedApplicationParamSchema),
      async (c) => {
        const { user } = c.get('principal');
        const { clientId } = c.req.valid('param');
        const revoked = await revokeConnectedApp(database, user.id, clientId);
        audit.record({
          action: 'application.revoke',
          outcome: revoked ? 'success' : 'failure',
          actorId: user.id,
          targetUserId: user.id,
          ipAddress: clientAddressOf(c, auth.options),
          userAgent: c.req.header('user-agent'),
          details: revoked ? { clientId } : { clientId, code: 'APPLICATION_NOT_CONNECTED' },
        });
        if (!revoked) return apiError(c, 404, 'APPLICATION_NOT_CONNECTED');
        return c.json<ApiData<RevokedApplication>>({ data: { clientId, revoked: true } });
      },
    );
}
