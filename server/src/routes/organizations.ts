import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/database';
import { toIsoDate } from '../db/dates';
import { requireUser, type PrincipalVariables } from '../http/session';

export interface MyOrganization {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  role: string;
  memberCount: number;
  teamCount: number;
}

/** The caller's organizations with their role and the counts, in one query. */
export function organizationRoutes({ auth, database }: { auth: Auth; database: Database }) {
  return new Hono<{ Variables: PrincipalVariables }>().get('/', requireUser(auth), async (c) => {
    const { user } = c.get('principal');
    const rows = await database.db
      .selectFrom('member as m')
      .innerJoin('organization as o', 'o.id', 'm.organizationId')
      .select([
        'o.id',
        'o.name',
        'o.slug',
        'o.createdAt',
        'm.role',
        sql<number>`(select count(*) from ${sql.table('member')} as mc where mc.${sql.ref('organizationId')} = o.id)`.as(
          'memberCount',
        ),
        sql<number>`(select count(*) from ${sql.table('team')} as tc where tc.${sql.ref('organizationId')} = o.id)`.as(
          'teamCount',
        ),
      ])
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
