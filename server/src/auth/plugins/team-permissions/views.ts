import type { TeamAccessContext, TeamMemberView, TeamRoleView, TeamView } from '#common/teams';
import { toIsoDate } from '../../../db/dates';
import type { TeamAdapter } from './adapter';
import { modeOf, roleOf } from './team-access';
import type { TeamRow } from './schema';

/** What the endpoints answer, shaped by the types of `#common/teams` that the console reads. */

export function teamView(team: TeamRow): TeamView {
  return {
    id: team.id,
    name: team.name,
    organizationId: team.organizationId,
    permissionMode: modeOf(team),
    createdAt: toIsoDate(team.createdAt),
  };
}

export function roleView({ teamRole, permissionMode }: TeamAccessContext): TeamRoleView {
  // In a public team, everyone in the organization belongs.
  return {
    isOwner: teamRole === 'owner',
    isMember: teamRole !== null || permissionMode === 'inherited',
    role: teamRole,
  };
}

/** The team's members with their names and emails, owners first, then by email. */
export async function memberViews(adapter: TeamAdapter, team: TeamRow): Promise<TeamMemberView[]> {
  const rows = await adapter.listTeamMembers(team.id);
  const users = new Map((await adapter.findUsers(rows.map((row) => row.userId))).map((user) => [user.id, user]));
  return rows
    .flatMap((row): TeamMemberView[] => {
      const user = users.get(row.userId);
      if (!user) return [];
      return [
        {
          id: row.id,
          userId: row.userId,
          role: roleOf(row) ?? 'member',
          // Every membership is written with its time; Better Auth's schema merely allows none.
          createdAt: toIsoDate(row.createdAt ?? 0),
          user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null },
        },
      ];
    })
    .sort((a, b) => (a.role === b.role ? a.user.email.localeCompare(b.user.email) : a.role === 'owner' ? -1 : 1));
}
