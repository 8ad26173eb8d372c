import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { MyOrganization } from '#common/organizations';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { organizationCounts, organizationSummary } from '../db/organization-counts';
import { requireUser, type PrincipalVariables } from '../http/session';

/** The caller's organizations with their role and the counts, in one query. */
export function organizationRoutes({ auth, database }: { auth: Auth; database: Database }) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth), async (c) => {
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
  });
}
