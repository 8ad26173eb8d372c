import type { Database } from '../../db/database';

export interface OrganizationMembershipClaim {
  id: string;
  name: string;
  slug: string;
  role: string;
}

/** The `organizations` claim: each organization the person belongs to, with their role in it. */
export function organizationsClaim(database: Database) {
  return async (userId: string): Promise<OrganizationMembershipClaim[]> =>
    database.db
      .selectFrom('member as m')
      .innerJoin('organization as o', 'o.id', 'm.organizationId')
      .select(['o.id as id', 'o.name as name', 'o.slug as slug', 'm.role as role'])
      .where('m.userId', '=', userId)
      .orderBy('o.name')
      .orderBy('o.id')
      .execute();
}
