import { sql } from 'kysely';

/** Member and team counts of organization `o`, as columns of the same query (no query per row). */
export const organizationCounts = [
  sql<number>`(select count(*) from ${sql.table('member')} as mc where mc.${sql.ref('organizationId')} = o.id)`.as(
    'memberCount',
  ),
  sql<number>`(select count(*) from ${sql.table('team')} as tc where tc.${sql.ref('organizationId')} = o.id)`.as(
    'teamCount',
  ),
] as const;
