import { Hono } from 'hono';
import type { MyOrganization } from '#common/organizations';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { toIsoDate } from '../db/dates';
import { organizationCounts } from '../db/organization-counts';
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
    return c.json({
      data: rows.map((row): MyOrganization => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        createdAt: toIsoDate(row.createdAt),
        role: row.role,
        memberCount: Number(row.memberCount),
        teamCount: Number(row.teamCount),
      })),
    });
  });
}
