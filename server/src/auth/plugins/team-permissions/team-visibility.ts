import { canViewTeam } from '#common/teams';
import type { TeamAdapter } from './adapter';
import { customRolesHeld, modeOf, roleOf } from './team-access';

/**
 * The teams of `teams` that `userId` may see, by the one rule of `canViewTeam`: applied to every
 * path that returns teams, including the organization plugin's own, so private teams never leak.
 */
export async function visibleTeams<T extends { id: string }>(
  adapter: TeamAdapter,
  userId: string,
  teams: T[],
): Promise<T[]> {
  if (teams.length === 0) return teams;
  const teamIds = teams.map((team) => team.id);
  const [rows, memberships] = await Promise.all([
    adapter.findTeams(teamIds),
    adapter.listTeamMembershipsOf(userId, teamIds),
  ]);
  const members = await adapter.listOrganizationMembershipsOf(userId, [
    ...new Set(rows.map((row) => row.organizationId)),
  ]);
  const roleIn = new Map(members.map((member) => [member.organizationId, member.role]));
  const customIn = new Map(
    await Promise.all(
      members.map(
        async (member) =>
          [member.organizationId, await customRolesHeld(adapter, member.organizationId, member.role)] as const,
      ),
    ),
  );
  const visible = new Set(
    rows
      .filter((row) => {
        const organizationRole = roleIn.get(row.organizationId) ?? null;
        const mine = memberships.find((membership) => membership.teamId === row.id);
        return canViewTeam({
          organizationRole,
          customRoles: customIn.get(row.organizationId),
          teamRole: organizationRole ? roleOf(mine) : null,
          permissionMode: modeOf(row),
        });
      })
      .map((row) => row.id),
  );
  return teams.filter((team) => visible.has(team.id));
}
