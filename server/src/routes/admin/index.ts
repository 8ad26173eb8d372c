import { Hono, type MiddlewareHandler } from 'hono';
import {
  adminCreateUserSchema,
  adminUserListQuerySchema,
  CURSOR_NOT_VALID,
  organizationNameSchema,
  type AdminOrganizationRow,
} from '#common/admin';
import { slugify } from '#common/organizations';
import { isPlatformAdmin } from '#common/roles';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import type { MailOutbox } from '../../mail/mailer';
import { toIsoDate } from '../../db/dates';
import { organizationCounts } from '../../db/organization-counts';
import { apiError } from '../../http/api-error';
import { requireUser, type PrincipalVariables } from '../../http/session';
import { decodeCursor, listUsers } from './user-list';
import { codeOfStatus } from '#common/error-codes';

type Env = { Variables: PrincipalVariables };

function requireAdmin(auth: Auth): MiddlewareHandler<Env> {
  const authenticate = requireUser(auth);
  return (c, next) =>
    authenticate(c, async () => {
      if (!isPlatformAdmin(c.get('principal').user.role)) {
        c.res = apiError(c, 403, 'FORBIDDEN', 'Only platform admins may do this');
        return;
      }
      await next();
    });
}

const firstIssue = (error: { issues: Array<{ path: PropertyKey[]; message: string }> }) => {
  const issue = error.issues[0];
  return issue ? issue.message : 'Invalid request';
};

/** A client error from Better Auth as our error body: its status, its own code (else the status's), its message. */
function fromAuthError(c: Parameters<typeof apiError>[0], error: unknown, fallback: string) {
  const status = (error as { statusCode?: number }).statusCode;
  const body = (error as { body?: { message?: unknown; code?: unknown } }).body;
  if (!status || status < 400 || status >= 500) throw error;
  const code = typeof body?.code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(body.code) ? body.code : codeOfStatus(status);
  return apiError(c, status as 400, code, typeof body?.message === 'string' ? body.message : fallback);
}

/**
 * Platform admin API: the user list the console needs, user creation into an organization,
 * organizations, and the outbox of mail that could not be sent.
 */
export function adminRoutes({
  auth,
  database,
  outbox,
}: {
  auth: Auth;
  database: Database;
  outbox: MailOutbox | undefined;
}) {
  const { db } = database;
  return new Hono<Env>()
    .use('*', requireAdmin(auth))
    .get('/users', async (c) => {
      const parsed = adminUserListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return apiError(c, 400, 'BAD_REQUEST', firstIssue(parsed.error));
      const cursor = decodeCursor(parsed.data);
      if (cursor === 'invalid') return apiError(c, 400, 'BAD_REQUEST', CURSOR_NOT_VALID);
      return c.json(await listUsers(database, parsed.data, cursor));
    })
    .post('/users', async (c) => {
      const parsed = adminCreateUserSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return apiError(c, 400, 'BAD_REQUEST', firstIssue(parsed.error));
      const input = parsed.data;
      if (input.organizationId) {
        const organization = await db
          .selectFrom('organization')
          .select('id')
          .where('id', '=', input.organizationId)
          .executeTakeFirst();
        if (!organization) return apiError(c, 404, 'NOT_FOUND', 'Organization not found');
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
        return fromAuthError(c, error, 'Failed to create user');
      }
      if (input.organizationId) {
        try {
          await auth.api.addMember({
            body: { userId: created.user.id, organizationId: input.organizationId, role: 'member' },
          });
        } catch (error) {
          // No half-made account: without its membership the user is removed again.
          await (await auth.$context).internalAdapter.deleteUser(created.user.id);
          return fromAuthError(c, error, 'Failed to add the user to the organization');
        }
      }
      return c.json({ user: created.user }, 201);
    })
    .get('/organizations', async (c) => {
      const rows = await db
        .selectFrom('organization as o')
        .select(['o.id', 'o.name', 'o.slug', 'o.createdAt', ...organizationCounts])
        .orderBy('o.createdAt', 'desc')
        .execute();
      return c.json({
        data: rows.map((row): AdminOrganizationRow => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          memberCount: Number(row.memberCount),
          teamCount: Number(row.teamCount),
          createdAt: toIsoDate(row.createdAt),
        })),
      });
    })
    .post('/organizations', async (c) => {
      const body = (await c.req.json().catch(() => null)) as { name?: unknown } | null;
      const parsed = organizationNameSchema.safeParse(body?.name);
      if (!parsed.success) return apiError(c, 400, 'BAD_REQUEST', firstIssue(parsed.error));
      const base = slugify(parsed.data);
      const taken = new Set(
        (await db.selectFrom('organization').select('slug').where('slug', 'like', `${base}%`).execute()).map(
          (row) => row.slug,
        ),
      );
      let slug = base;
      for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
      try {
        const organization = await auth.api.createOrganization({
          body: { name: parsed.data, slug, userId: c.get('principal').user.id, keepCurrentActiveOrganization: true },
        });
        return c.json({ data: organization }, 201);
      } catch (error) {
        return fromAuthError(c, error, 'Failed to create organization');
      }
    })
    .get('/outbox', (c) => c.json({ data: outbox?.list(c.req.query('to')?.slice(0, 254)) ?? [] }));
}
