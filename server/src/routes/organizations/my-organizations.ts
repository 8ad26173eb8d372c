import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import { createOrganizationSchema, type MyOrganization } from '#common/organizations';
import type { Auth } from '../../auth/auth';
import { createOrganizationNamed } from '../../auth/create-organization';
import type { Database } from '../../db/database';
import { organizationCounts, organizationSummary } from '../../db/organization-counts';
import { fromAuthError } from '../../http/api-error';
import { requireUser, type PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';

/**
 * The caller's organizations (with their role and the counts, in one query), and a new one whose slug
 * the server makes from its name (Better Auth's own create endpoint wants the client to make one).
 */
export function myOrganizationRoutes(auth: Auth, database: Database) {
  return new Hono<{ Variables: PrincipalVariables }>()
    .get('/', requireUser(auth), async (c) => {
      const { user } = c.get('principal');
      const rows = await database.db
        .selectFrom('member as m')
        .innerJoin('organization as o', 'o.id', 'm.organizationId')
        .select(['o.id', 'o.name', 'o.slug', 'o.createdAt', 'm.role', ...organizationCounts])
        .where('m.userId', '=', user.id)
        .orderBy('o.name')
        .execute();
      return c.json<ApiData<MyOrganization[]>>({
        data: rows.map((row) => ({ ...organizationSummary(row), role: row.role })),
      });
    })
    .post('/', requireUser(auth), validate('json', createOrganizationSchema), async (c) => {
      try {
        const organization = await createOrganizationNamed(auth, database.db, c.req.valid('json').name, {
          headers: c.req.raw.headers,
        });
        return c.json<ApiData<typeof organization>>({ data: organization }, 201);
      } catch (error) {
        return fromAuthError(c, error);
      }
    });
}
