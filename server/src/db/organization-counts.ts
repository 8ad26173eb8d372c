import { sql } from 'kysely';
import { toIsoDate } from './dates';

/** Member and team counts of organization `o`, as columns of the same query (no query per row). */
export const organizationCounts = [
  sql<
    number | string
  >`(select count(*) from ${sql.table('member')} as mc where mc.${sql.ref('organizationId')} = o.id)`.as('memberCount'),
  sql<
    number | string
  >`(select count(*) from ${sql.table('team')} as tc where tc.${sql.ref('organizationId')} = o.id)`.as('teamCount'),
] as const;

interface CountedOrganization {
  id: string;
  name: string;
  slug: string;
  createdAt: Date | string;
  /** PostgreSQL's driver hands a count over as text. */
  memberCount: number | string;
  teamCount: number | string;
}

/** An organization with its counts, as our answers carry it. */
export const organizationSummary = (row: CountedOrganization) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  createdAt: toIsoDate(row.createdAt),
  memberCount: Number(row.memberCount),
  teamCount: Number(row.teamCount),
});
