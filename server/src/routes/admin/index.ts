import { Hono, type MiddlewareHandler } from 'hono';
import {
  adminCreateOrganizationSchema,
  adminCreateUserSchema,
  outboxQuerySchema,
  adminUserListQuerySchema,
  type OutboxMail,
} from '#common/admin';
import type { ApiData } from '#common/error-codes';
import { isPlatformAdmin } from '#common/roles';
import type { AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import type { SignInProvider } from '#common/identity-providers';
import type { Database } from '../../db/database';
import type { MailOutbox } from '../../mail/mailer';
import type { Logger } from '../../lib/logger';
import { createOrganizationNamed } from '../../auth/create-organization';
import { apiError, fromAuthError } from '../../http/api-error';
import { clientAddressOf } from '../../http/client-address';
import { noteActor } from '../../lib/request-context';
import { requireUser, type PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import { adminAuditRoutes } from '../audit';
import { applicationRoutes } from './applications';
import { linkedIdentityRoutes } from './linked-identities';
import { organizationDetailRoutes } from './organization-detail';
import { organizationListRoutes } from './organization-list';
import { adminStatsRoutes } from './stats';
import { twoFactorResetRoutes } from './two-factor-reset';
import { userBulkRoutes } from './user-bulk';
import { userExportRoutes } from './user-export';
import { decodeCursor, listUsers, OffsetNeedsCursor } from './user-list';

type Env = { Variables: PrincipalVariables };

function requireAdmin(auth: Auth): MiddlewareHandler<Env> {
  const authenticate = requireUser(auth);
  return (c, next) =>
    authenticate(c, async () => {
      const { user } = c.get('principal');
      if (!isPlatformAdmin(user.role)) {
        c.res = apiError(c, 403, 'FORBIDDEN');
        return;
      }
      // Every event recorded while this request is served names the admin (decision 0063).
      noteActor({
        userId: user.id,
        ipAddress: clientAddressOf(c, auth.options),
        userAgent: c.req.header('user-agent') ?? null,
      });
      await next();
    });
}

/**
 * Platform admin API: the user list the console needs, user creation into an organization, the
 * identities linked to a user, organizations, and the outbox of mail that could not be sent.
 */
export function adminRoutes({
  auth,
  database,
  outbox,
  audit,
  logger,
  providers,
}: {
  auth: Auth;
  database: Database;
  outbox: MailOutbox | undefined;
  audit: AuditLog;
  logger: Logger;
  /** The configured identity providers, whose names the linked identities show. */
  providers: readonly SignInProvider[];
}) {
  const { db } = database;
  return new Hono<Env>()
    .use('*', requireAdmin(auth))
    .route('/', twoFactorResetRoutes(auth, audit))
    .route('/', linkedIdentityRoutes({ auth, database, audit, providers }))
    .route('/', userBulkRoutes({ auth, database, logger }))
    .route('/', userExportRoutes({ auth, database, audit, logger }))
    .route('/', organizationListRoutes(database))
    .route('/', organizationDetailRoutes(auth, database, audit))
    .route('/', adminAuditRoutes({ auth, database, audit, logger }))
    .route('/', adminStatsRoutes(database, audit))
    .route('/', applicationRoutes(auth, audit))
    .get('/users', validate('query', adminUserListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const cursor = decodeCursor(query);
      if (cursor === 'invalid') return apiError(c, 400, 'CURSOR_NOT_VALID');
      // `users` and `total` as the specification's user list answers them, paging facts beside.
      try {
        return c.json(await listUsers(database, query, cursor));
      } catch (error) {
        if (error instanceof OffsetNeedsCursor) return apiError(c, 400, 'OFFSET_NEEDS_CURSOR');
        throw error;
      }
    })
    .post('/users', validate('json', adminCreateUserSchema), async (c) => {
      const input = c.req.valid('json');
      if (input.organizationId) {
        const organization = await db
          .selectFrom('organization')
          .select('id')
          .where('id', '=', input.organizationId)
          .executeTakeFirst();
        if (!organization) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      }
      let created;
      try {
        created = await auth.api.createUser({
          body: {
            email: input.email,
            password: input.password,
            name: input.name,
            role: input.role,
            data: { emailVerified: input.emailVerified },
          },
        });
      } catch (error) {
        return fromAuthError(c, error);
      }
      if (input.organizationId) {
        const memberAdded = (refusal?: string) =>
          audit.record({
            action: 'admin.organization_member_add',
            outcome: refusal ? 'failure' : 'success',
            targetUserId: created.user.id,
            organizationId: input.organizationId,
            details: { role: 'member', code: refusal },
          });
        try {
          await auth.api.addMember({
            body: { userId: created.user.id, organizationId: input.organizationId, role: 'member' },
          });
          memberAdded();
        } catch (error) {
          // No half-made account: without its membership the user is removed again.
          await (await auth.$context).internalAdapter.deleteUser(created.user.id);
          memberAdded('MEMBER_NOT_ADDED');
          return fromAuthError(c, error);
        }
      }
      return c.json<ApiData<typeof created.user>>({ data: created.user }, 201);
    })
    .post('/organizations', validate('json', adminCreateOrganizationSchema), async (c) => {
      const { name } = c.req.valid('json');
      try {
        const organization = await createOrganizationNamed(auth, db, name, { userId: c.get('principal').user.id });
        return c.json<ApiData<typeof organization>>({ data: organization }, 201);
      } catch (error) {
        return fromAuthError(c, error);
      }
    })
    .get('/outbox', validate('query', outboxQuerySchema), (c) =>
      c.json<ApiData<OutboxMail[]>>({ data: outbox?.list(c.req.valid('query').to) ?? [] }),
    );
}
