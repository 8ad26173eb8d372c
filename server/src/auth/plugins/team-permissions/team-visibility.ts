import { canViewTeam } from '#common/teams';
import {
  loadTeamAccess,
  modeOf,
  NO_LIMIT,
  roleOf,
  type Adapter,
  type MemberRow,
  type TeamMemberRow,
  type TeamRow,
} from './team-access';

/**
 * The teams of `teams` that `userId` may see, by the one rule of `canViewTeam`: applied to every
 * path that returns teams, including the organization plugin's own, so private teams never leak.
 */
export async function visibleTeams<T extends { id: string }>(
  adapter: Adapter,
  userId: string,
  teams: T[],
): Promise<T[]> {
  if (teams.length === 0) return teams;
  const teamIds = teams.map((team) => team.id);
  const [rows, memberships] = await Promise.all([
    adapter.findMany<TeamRow>({
      model: 'team',
      where: [{ field: 'id', value: teamIds, operator: 'in' }],
      limit: NO_LIMIT,
    }),
    adapter.findMany<TeamMemberRow>({
      model: 'teamMember',
      where: [
        { field: 'userId', value: userId },
        { field: 'teamId', value: teamIds, operator: 'in' },
      ],
      limit: NO_LIMIT,
    }),
  ]);
  const organizationIds = [...new Set(rows.map((row) => row.organizationId))];
  const members = organizationIds.length
    ? await adapter.findMany<MemberRow>({
        model: 'member',
        where: [
          { field: 'userId', value: userId },
          { field: 'organizationId', value: organizationIds, operator: 'in' },
        ],
        limit: NO_LIMIT,
      })
    : [];
  const roleIn = new Map(members.map((member) => [member.organizationId, member.role]));
  const visible = new Set(
    rows
      .filter((row) => {
        const organizationRole = roleIn.get(row.organizationId) ?? null;
        const mine = memberships.find((membership) => membership.teamId === row.id) ?? null;
        return canViewTeam({
          organizationRole,
          teamRole: organizationRole ? roleOf(mine) : null,
          permissionMode: modeOf(row),
        });
      })
      .map((row) => row.id),
  );
  return teams.filter((team) => visible.has(team.id));
}

/** Refuses, as if it did not exist, a team the caller may not see. */
export async function requireVisibleTeam(adapter: Adapter, teamId: string, userId: string) {
  await loadTeamAccess(adapter, teamId, userId);
}
