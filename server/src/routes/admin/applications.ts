import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  applicationInputSchema,
  applicationUpdateSchema,
  type AdminApplication,
  type CreatedApplication,
} from '#common/applications';
import type { AuditAction } from '#common/audit';
import type { ApiData } from '#common/error-codes';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import {
  createApplication,
  deleteApplication,
  findApplication,
  listApplications,
  rotateApplicationSecret,
  updateApplication,
} from '../../auth/openid-provider/applications';
import { apiError, fromAuthError } from '../../http/api-error';
import { clientAddressOf } from '../../http/client-address';
import { NOT_STORED, type PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

type Env = { Variables: PrincipalVariables };

const applicationParams = z.object({
  clientId: z.string().min(1, 'clientId is required').max(200, 'clientId is at most 200 characters'),
});

/**
 * The applications that sign people in with Gatehouse (decision 0078), under the admin routes
 * (which check the caller). Each change is recorded in the audit trail; no secret ever is.
 */
export function applicationRoutes(auth: Auth, audit: AuditLog) {
  const record = (
    c: Context<Env>,
    action: AuditAction,
    clientId: string,
    details: Record<string, string | boolean | undefined> = {},
  ) =>
    audit.record({
      action,
      outcome: 'success',
      actorId: c.get('principal').user.id,
      ipAddress: clientAddressOf(c, auth.options),
      userAgent: c.req.header('user-agent'),
      details: { clientId, ...details },
    });

  return new Hono<Env>()
    .get('/applications', async (c) => c.json<ApiData<AdminApplication[]>>({ data: await listApplications(auth) }))
    .post('/applications', validate('json', applicationInputSchema), async (c) => {
      const input = c.req.valid('json');
      let created: CreatedApplication;
      try {
        created = await createApplication(auth, c.req.raw.headers, input);
      } catch (error) {
        return fromAuthError(c, error);
      }
      record(c, 'application.create', created.clientId, {
        name: created.name,
        type: created.type,
        trusted: created.trusted,
      });
      return c.json<ApiData<CreatedApplication>>({ data: created }, 201, NOT_STORED);
    })
    .get('/applications/:clientId', validate('param', applicationParams), async (c) => {
      const application = await findApplication(auth, c.req.valid('param').clientId);
      if (!application) return apiError(c, 404, 'APPLICATION_NOT_FOUND');
      return c.json<ApiData<AdminApplication>>({ data: application });
    })
    .patch(
      '/applications/:clientId',
      validate('param', applicationParams),
      validate('json', applicationUpdateSchema),
      async (c) => {
        const current = await findApplication(auth, c.req.valid('param').clientId);
        if (!current) return apiError(c, 404, 'APPLICATION_NOT_FOUND');
        const change = c.req.valid('json');
        let updated: AdminApplication;
        try {
          updated = await updateApplication(auth, c.req.raw.headers, current, change);
        } catch (error) {
          return fromAuthError(c, error);
        }
        record(c, 'application.update', current.clientId, {
          name: updated.name,
          fields: Object.keys(change).sort().join(','),
          ...(change.disabled === undefined ? {} : { status: change.disabled ? 'disabled' : 'enabled' }),
        });
        return c.json<ApiData<AdminApplication>>({ data: updated });
      },
    )
    .post('/applications/:clientId/rotate-secret', validate('param', applicationParams), async (c) => {
      const current = await findApplication(auth, c.req.valid('param').clientId);
      if (!current) return apiError(c, 404, 'APPLICATION_NOT_FOUND');
      if (current.type !== 'web') return apiError(c, 400, 'APPLICATION_HAS_NO_SECRET');
      let clientSecret: string;
      try {
        clientSecret = await rotateApplicationSecret(auth, c.req.raw.headers, current.clientId);
      } catch (error) {
        return fromAuthError(c, error);
      }
      record(c, 'application.rotate_secret', current.clientId, { name: current.name });
      return c.json<ApiData<{ clientId: string; clientSecret: string }>>(
        { data: { clientId: current.clientId, clientSecret } },
        200,
        NOT_STORED,
      );
    })
    .delete('/applications/:clientId', validate('param', applicationParams), async (c) => {
      const current = await findApplication(auth, c.req.valid('param').clientId);
      if (!current) return apiError(c, 404, 'APPLICATION_NOT_FOUND');
      try {
        await deleteApplication(auth, c.req.raw.headers, current.clientId);
      } catch (error) {
        return fromAuthError(c, error);
      }
      record(c, 'application.delete', current.clientId, { name: current.name });
      return c.json<ApiData<{ clientId: string }>>({ data: { clientId: current.clientId } });
    });
}
