import { APIError } from 'better-auth/api';
import {
  canViewTeam,
  hasTeamPermission,
  type TeamAccessContext,
  type TeamPermission,
  type TeamPermissionMode,
  type TeamRole,
} from '#common/teams';
import { TEAM_ERROR_CODES } from './error-codes';

/** The slice of Better Auth's adapter the team rules need. */
export interface Adapter {
  findOne<T>(data: { model: string; where: Where[] }): Promise<T | null>;
  findMany<T>(data: {
    model: string;
    where?: Where[];
    limit?: number;
    sortBy?: { field: string; direction: 'asc' | 'desc' };
  }): Promise<T[]>;
  count(data: { model: string; where?: Where[] }): Promise<number>;
  create<T extends Record<string, unknown>, R = T>(data: { model: string; data: T }): Promise<R>;
  update<T>(data: { model: string; where: Where[]; update: Record<string, unknown> }): Promise<T | null>;
  delete(data: { model: string; where: Where[] }): Promise<void>;
  deleteMany(data: { model: string; where: Where[] }): Promise<number>;
}
type Where = { field: string; value: any; operator?: 'eq' | 'in' | 'ne' };

export interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  permissionMode?: string | null;
  createdAt: Date | string;
}
export interface TeamMemberRow {
  id: string;
  teamId: string;
  userId: string;
  role?: string | null;
  createdAt?: Date | string | null;
}
export interface MemberRow {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
}

export const modeOf = (team: TeamRow): TeamPermissionMode =>
  team.permissionMode === 'defined' ? 'defined' : 'inherited';
export const roleOf = (member: TeamMemberRow | null): TeamRole | null =>
  member ? (member.role === 'owner' ? 'owner' : 'member') : null;

export const fail = (
  status: 'NOT_FOUND' | 'FORBIDDEN' | 'BAD_REQUEST' | 'CONFLICT',
  error: { code: string; message: string },
) => new APIError(status, { code: error.code, message: error.message });

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
  adapter: Pick<Adapter, 'findOne'>,
  teamId: string,
  userId: string,
): Promise<TeamAccess> {
  const team = await adapter.findOne<TeamRow>({ model: 'team', where: [{ field: 'id', value: teamId }] });
  if (!team) throw fail('NOT_FOUND', TEAM_ERROR_CODES.TEAM_NOT_FOUND);
  const [member, membership] = await Promise.all([
    adapter.findOne<MemberRow>({
      model: 'member',
      where: [
        { field: 'organizationId', value: team.organizationId },
        { field: 'userId', value: userId },
      ],
    }),
    adapter.findOne<TeamMemberRow>({
      model: 'teamMember',
      where: [
        { field: 'teamId', value: team.id },
        { field: 'userId', value: userId },
      ],
    }),
  ]);
  const context: TeamAccessContext = {
    organizationRole: member?.role ?? null,
    teamRole: member ? roleOf(membership) : null,
    permissionMode: modeOf(team),
  };
  if (!canViewTeam(context)) throw fail('NOT_FOUND', TEAM_ERROR_CODES.TEAM_NOT_FOUND);
  return { team, membership, context, can: (permission) => hasTeamPermission(context, permission) };
}

export function requirePermission(access: TeamAccess, permission: TeamPermission) {
  if (!access.can(permission)) throw fail('FORBIDDEN', TEAM_ERROR_CODES.NOT_ALLOWED);
}

/** Better Auth's findMany returns 100 rows unless told otherwise; team lists must not be cut. */
export const NO_LIMIT = 100_000;

export const toIso = (value: Date | string | number | null | undefined) => new Date(value ?? 0).toISOString();
