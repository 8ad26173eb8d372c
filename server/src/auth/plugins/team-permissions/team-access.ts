import { APIError } from 'better-auth/api';
import { customRoleNames, storedPermissions } from '#common/organization-roles';
import {
  canViewTeam,
  hasTeamPermission,
  type RoleGrant,
  type TeamAccessContext,
  type TeamPermission,
  type TeamPermissionMode,
  type TeamRole,
} from '#common/teams';
import type { TeamRowQueries } from './adapter';
import { TEAM_ERROR_CODES } from './error-codes';
import type { TeamMemberRow, TeamRow } from './schema';

export const modeOf = (team: TeamRow): TeamPermissionMode =>
  team.permissionMode === 'defined' ? 'defined' : 'inherited';
export const roleOf = (member: TeamMemberRow | null | undefined): TeamRole | null =>
  member ? (member.role === 'owner' ? 'owner' : 'member') : null;

/**
 * The custom roles among those `organizationRole` names, as stored for the organization: a role of
 * another organization, or one deleted since, grants nothing. Built-in roles need no query.
 */
export async function customRolesHeld(
  teams: Pick<TeamRowQueries, 'findCustomRole'>,
  organizationId: string,
  organizationRole: string | null | undefined,
): Promise<RoleGrant[]> {
  const rows = await Promise.all(
    customRoleNames(organizationRole).map((role) => teams.findCustomRole(organizationId, role)),
  );
  return rows.flatMap((row) => {
    const permission = row ? storedPermissions(row.permission) : undefined;
    return row && permission ? [{ role: row.role, permission }] : [];
  });
}

export interface TeamAccess {
  team: TeamRow;
  membership: TeamMemberRow | null;
  context: TeamAccessContext;
  can(permission: TeamPermission): boolean;
}

/**
 * The caller's standing in a team. A team the caller may not see answers exactly like a team that
 * does not exist, so ids of other organizations' teams reveal nothing.
 */
export async function loadTeamAccess(
  teams: Pick<TeamRowQueries, 'findTeam' | 'findOrganizationMember' | 'findTeamMember' | 'findCustomRole'>,
  teamId: string,
  userId: string,
): Promise<TeamAccess> {
  const team = await teams.findTeam(teamId);
  if (!team) throw APIError.from('NOT_FOUND', TEAM_ERROR_CODES.TEAM_NOT_FOUND);
  const [member, membership] = await Promise.all([
    teams.findOrganizationMember(team.organizationId, userId),
    teams.findTeamMember(team.id, userId),
  ]);
  const context: TeamAccessContext = {
    organizationRole: member?.role ?? null,
    customRoles: await customRolesHeld(teams, team.organizationId, member?.role),
    teamRole: member ? roleOf(membership) : null,
    permissionMode: modeOf(team),
  };
  if (!canViewTeam(context)) throw APIError.from('NOT_FOUND', TEAM_ERROR_CODES.TEAM_NOT_FOUND);
  return { team, membership, context, can: (permission) => hasTeamPermission(context, permission) };
}

export function requirePermission(access: TeamAccess, permission: TeamPermission) {
  if (!access.can(permission)) throw APIError.from('FORBIDDEN', TEAM_ERROR_CODES.NOT_ALLOWED);
}

/** The team's member `userId`, whose role or membership a request changes. */
export async function requireTeamMember(teams: Pick<TeamRowQueries, 'findTeamMember'>, team: TeamRow, userId: string) {
  const member = await teams.findTeamMember(team.id, userId);
  if (!member) throw APIError.from('NOT_FOUND', TEAM_ERROR_CODES.NOT_A_TEAM_MEMBER);
  return member;
}

/** Refuses to take away the team's last owner; call it under the team's lock, before the write. */
export async function keepAnOwner(teams: Pick<TeamRowQueries, 'countTeamOwners'>, team: TeamRow) {
  if ((await teams.countTeamOwners(team.id)) <= 1) throw APIError.from('BAD_REQUEST', TEAM_ERROR_CODES.TEAM_LAST_OWNER);
}
