import type { AdminOrganizationDetail } from '#common/admin';
import { ORGANIZATION_MEMBER_PAGE_SIZE } from '#common/admin-organization-members';
import type { TeamPermissionMode } from '#common/teams';
import type { Database } from '../../db/database';
import { toIsoDate } from '../../db/dates';
import { adminMemberOf, memberCount, memberPage } from '../../db/organization-members';

/**
 * One organization with its first page of members (and who they are) and their count, its pending
 * invitations (and who sent them) and its teams (with their place counts): a query each.
 */
export async function organizationDetail(
  database: Database,
  organizationId: string,
): Promise<AdminOrganizationDetail | undefined> {
  const { db } = database;
  const organization = await db
    .selectFrom('organization')
    .select(['id', 'name', 'slug', 'logo', 'createdAt'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!organization) return undefined;
  const [firstPage, total, invitations, teams] = await Promise.all([
    memberPage(database, organizationId, ORGANIZATION_MEMBER_PAGE_SIZE),
    memberCount(database, organizationId),
    db
      .selectFrom('invitation as i')
      .leftJoin('user as u', 'u.id', 'i.inviterId')
      .select(['i.id', 'i.email', 'i.role', 'u.email as inviterEmail', 'i.expiresAt', 'i.createdAt'])
      .where('i.organizationId', '=', organizationId)
      .where('i.status', '=', 'pending')
      .orderBy('i.createdAt', 'desc')
      .execute(),
    db
      .selectFrom('team as t')
      .select(['t.id', 't.name', 't.permissionMode'])
      .select((eb) =>
        eb
          .selectFrom('teamMember as tm')
          .select((count) => count.fn.countAll<number | string>().as('places'))
          .whereRef('tm.teamId', '=', 't.id')
          .as('memberCount'),
      )
      .where('t.organizationId', '=', organizationId)
      .orderBy('t.createdAt')
      .orderBy('t.id')
      .execute(),
  ]);
  const now = Date.now();
  return {
    organization: { ...organization, createdAt: toIsoDate(organization.createdAt) },
    members: firstPage.members.map(adminMemberOf),
    memberCount: total,
    membersNextCursor: firstPage.nextCursor,
    invitations: invitations
      .map(({ createdAt: _createdAt, ...invitation }) => ({
        ...invitation,
        // Better Auth's default role for an invitation that names none.
        role: invitation.role ?? 'member',
        inviterEmail: invitation.inviterEmail ?? null,
        expiresAt: toIsoDate(invitation.expiresAt),
      }))
      .filter((invitation) => Date.parse(invitation.expiresAt) > now),
    teams: teams.map((team) => ({
      id: team.id,
      name: team.name,
      memberCount: Number(team.memberCount ?? 0),
      // A team made before the team-permissions plugin has no mode: it is public.
      permissionMode: (team.permissionMode === 'defined' ? 'defined' : 'inherited') satisfies TeamPermissionMode,
    })),
  };
}
