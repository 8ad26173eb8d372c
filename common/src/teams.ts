import { ERROR_CODES } from './error-codes';
import { holdsAll, permissionsOfRoles, type CustomRole } from './organization-roles';

/** `inherited`: public, everyone in the organization belongs. `defined`: private, members listed. */
export const TEAM_PERMISSION_MODES = ['inherited', 'defined'] as const;
export type TeamPermissionMode = (typeof TEAM_PERMISSION_MODES)[number];
export const TEAM_ROLES = ['member', 'owner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_PERMISSIONS = ['team:update', 'team:addMember', 'team:delete'] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

/** A custom role as the team rules read it: its name and permissions. */
export type RoleGrant = Pick<CustomRole, 'role' | 'permission'>;

/**
 * Whether an organization role runs every team of its organization: it holds `team:update`, through a
 * built-in role or one of the organization's custom roles (`customRoles`, those the role names).
 */
export const managesTeams = (organizationRole: string | null, customRoles: readonly RoleGrant[] = []) =>
  holdsAll(permissionsOfRoles(organizationRole, customRoles), { team: ['update'] });

export interface TeamAccessContext {
  /** The caller's organization role (comma-separated roles allowed); null when not a member. */
  organizationRole: string | null;
  /** The organization's custom roles among the caller's (none when they hold only built-in roles). */
  customRoles?: readonly RoleGrant[];
  /** The caller's role in the team; null when not listed as a team member. */
  teamRole: TeamRole | null;
  permissionMode: TeamPermissionMode;
}

/** Who may see a team at all: nobody outside its organization; a private one only its members and the organization's owners/admins. */
export function canViewTeam({ organizationRole, customRoles, teamRole, permissionMode }: TeamAccessContext): boolean {
  if (!organizationRole) return false;
  return permissionMode === 'inherited' || teamRole !== null || managesTeams(organizationRole, customRoles);
}

/** The team permission rules, in one place. */
export function hasTeamPermission(context: TeamAccessContext, permission: TeamPermission): boolean {
  if (!canViewTeam(context)) return false;
  const manages = managesTeams(context.organizationRole, context.customRoles) || context.teamRole === 'owner';
  switch (permission) {
    case 'team:update':
    case 'team:delete':
      return manages;
    case 'team:addMember':
      return manages && context.permissionMode === 'defined';
  }
}

export interface TeamMemberView {
  id: string;
  userId: string;
  role: TeamRole;
  createdAt: string;
  user: { id: string; name: string; email: string; image: string | null };
}

export interface TeamView {
  id: string;
  name: string;
  organizationId: string;
  permissionMode: TeamPermissionMode;
  createdAt: string;
}

export interface TeamRoleView {
  isOwner: boolean;
  isMember: boolean;
  role: TeamRole | null;
}

export interface TeamDetails {
  team: TeamView;
  members: TeamMemberView[];
  access: TeamRoleView & { permissions: Record<TeamPermission, boolean> };
}

export interface OrganizationTeamSummary extends TeamView, TeamRoleView {
  memberCount: number;
}

/** The UI's wording for the two add-member failures. */
export const TEAM_MESSAGES = {
  USER_NOT_IN_ORGANIZATION: ERROR_CODES.USER_NOT_IN_ORGANIZATION,
  ADD_MEMBER_FAILED: 'Failed to add member. They may already be a team member.',
  TEAM_NOT_FOUND: ERROR_CODES.TEAM_NOT_FOUND,
} as const;
