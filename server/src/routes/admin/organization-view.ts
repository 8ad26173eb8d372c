import type { AdminOrganizationDetail } from '#common/admin';
import type { TeamPermissionMode } from '#common/teams';
import type { Database } from '../../db/database';
import { toIsoDate } from '../../db/dates';

/**
 * One organization with its members (and who they are), its pending invitations (and who sent them)
 * and its teams (with their place counts): a query each, whatever the sizes.
 */
export async function organizationDetail(
  { db }: Database,
  organizationId: string,
): Promise<AdminOrganizationDetail | undefined> {
  const organization = await db
    .selectFrom('organization')
    .select(['id', 'name', 'slug', 'logo', 'createdAt'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!organization) return undefined;
  const [members, invitations, teams] = await Promise.all([
    db
      .selectFrom('member as m')
      .innerJoin('user as u', 'u.id', 'm.userId')
      .select(['m.id', 'm.userId', 'u.email', 'u.name', 'u.image', 'm.role', 'm.createdAt'])
      .where('m.organizationId', '=', organizationId)
      .orderBy('m.createdAt')
      .orderBy('m.id')
      .execute(),
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
    members: members.map((member) => ({ ...member, createdAt: toIsoDate(member.createdAt) })),
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
