import { createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { z } from 'zod';
import {
  canViewTeam,
  TEAM_PERMISSION_MODES,
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  type OrganizationTeamSummary,
  type TeamDetails,
  type TeamMemberView,
  type TeamPermission,
  type TeamRoleView,
  type TeamView,
} from '#common/teams';
import { TEAM_ERROR_CODES } from './error-codes';
import {
  fail,
  loadTeamAccess,
  modeOf,
  NO_LIMIT,
  requirePermission,
  roleOf,
  toIso,
  type Adapter,
  type MemberRow,
  type TeamAccess,
  type TeamMemberRow,
  type TeamRow,
} from './team-access';
import { databaseOf, withTeamLock, type TeamStore } from './team-lock';

const teamId = z.string().min(1).max(200);
const userId = z.string().min(1).max(200);

const adapterOf = (ctx: { context: { adapter: unknown } }) => ctx.context.adapter as Adapter;

function teamView(team: TeamRow): TeamView {
  return {
    id: team.id,
    name: team.name,
    organizationId: team.organizationId,
    permissionMode: modeOf(team),
    createdAt: toIso(team.createdAt),
  };
}

function roleView(access: TeamAccess): TeamRoleView {
  const role = access.context.teamRole;
  // In a public team, everyone in the organization belongs.
  return { isOwner: role === 'owner', isMember: role !== null || access.context.permissionMode === 'inherited', role };
}

async function membersOf(adapter: Adapter, team: TeamRow): Promise<TeamMemberView[]> {
  const rows = await adapter.findMany<TeamMemberRow>({
    model: 'teamMember',
    where: [{ field: 'teamId', value: team.id }],
    limit: NO_LIMIT,
  });
  if (rows.length === 0) return [];
  const users = await adapter.findMany<{ id: string; name: string; email: string; image?: string | null }>({
    model: 'user',
    where: [{ field: 'id', value: rows.map((row) => row.userId), operator: 'in' }],
    limit: NO_LIMIT,
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  return rows
    .filter((row) => byId.has(row.userId))
    .map((row) => {
      const user = byId.get(row.userId)!;
      return {
        id: row.id,
        userId: row.userId,
        role: roleOf(row) ?? 'member',
        createdAt: toIso(row.createdAt),
        user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null },
      };
    })
    .sort((a, b) => (a.role === b.role ? a.user.email.localeCompare(b.user.email) : a.role === 'owner' ? -1 : 1));
}

async function ownerCount(adapter: Pick<Adapter, 'count'>, team: TeamRow) {
  return adapter.count({
    model: 'teamMember',
    where: [
      { field: 'teamId', value: team.id },
      { field: 'role', value: 'owner' },
    ],
  });
}

/** Refuses to take away the team's last owner; call it under the team's lock, before the write. */
async function keepAnOwner(store: TeamStore, team: TeamRow) {
  if ((await ownerCount(store, team)) <= 1) throw fail('BAD_REQUEST', TEAM_ERROR_CODES.LAST_OWNER);
}

async function findTeamMember(adapter: Pick<Adapter, 'findOne'>, team: TeamRow, memberUserId: string) {
  return adapter.findOne<TeamMemberRow>({
    model: 'teamMember',
    where: [
      { field: 'teamId', value: team.id },
      { field: 'userId', value: memberUserId },
    ],
  });
}

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

/** Keys carry a `team` prefix: endpoint keys share one namespace with the organization plugin's (`addMember`, `listTeams`). */
export const teamPermissionRoutes = {
  teamGetTeam: createAuthEndpoint(
    '/team-permissions/get-team',
    { method: 'GET', use: [sessionMiddleware], query: z.object({ teamId }) },
    async (ctx) => {
      const adapter = adapterOf(ctx);
      const access = await loadTeamAccess(adapter, ctx.query.teamId, ctx.context.session.user.id);
      const permissions = Object.fromEntries(
        TEAM_PERMISSIONS.map((permission) => [permission, access.can(permission)]),
      ) as Record<TeamPermission, boolean>;
      return ctx.json<TeamDetails>({
        team: teamView(access.team),
        members: await membersOf(adapter, access.team),
        access: { ...roleView(access), permissions },
      });
    },
  ),

  teamGetTeamRole: createAuthEndpoint(
    '/team-permissions/get-team-role',
    { method: 'GET', use: [sessionMiddleware], query: z.object({ teamId }) },
    async (ctx) => {
      const access = await loadTeamAccess(adapterOf(ctx), ctx.query.teamId, ctx.context.session.user.id);
      return ctx.json<TeamRoleView>(roleView(access));
    },
  ),

  teamCheckPermission: createAuthEndpoint(
    '/team-permissions/check-permission',
    { method: 'POST', use: [sessionMiddleware], body: z.object({ teamId, permission: z.enum(TEAM_PERMISSIONS) }) },
    async (ctx) => {
      const access = await loadTeamAccess(adapterOf(ctx), ctx.body.teamId, ctx.context.session.user.id);
      return ctx.json({ allowed: access.can(ctx.body.permission) });
    },
  ),

  teamSetPermissionMode: createAuthEndpoint(
    '/team-permissions/set-permission-mode',
    {
      method: 'POST',
      use: [sessionMiddleware],
      body: z.object({ teamId, permissionMode: z.enum(TEAM_PERMISSION_MODES) }),
    },
    async (ctx) => {
      const adapter = adapterOf(ctx);
      const access = await loadTeamAccess(adapter, ctx.body.teamId, ctx.context.session.user.id);
      requirePermission(access, 'team:update');
      const updated = await adapter.update<TeamRow>({
        model: 'team',
        where: [{ field: 'id', value: access.team.id }],
        update: { permissionMode: ctx.body.permissionMode, updatedAt: new Date() },
      });
      return ctx.json({ team: teamView(updated ?? access.team) });
    },
  ),

  teamAddMember: createAuthEndpoint(
    '/team-permissions/add-member',
    {
      method: 'POST',
      use: [sessionMiddleware],
      body: z.object({ teamId, userId, role: z.enum(TEAM_ROLES).default('member') }),
    },
    async (ctx) => {
      const adapter = adapterOf(ctx);
      const access = await loadTeamAccess(adapter, ctx.body.teamId, ctx.context.session.user.id);
      if (access.context.permissionMode !== 'defined' && access.can('team:update')) {
        throw fail('BAD_REQUEST', TEAM_ERROR_CODES.TEAM_IS_PUBLIC);
      }
      requirePermission(access, 'team:addMember');
      const organizationMember = await adapter.findOne<MemberRow>({
        model: 'member',
        where: [
          { field: 'organizationId', value: access.team.organizationId },
          { field: 'userId', value: ctx.body.userId },
        ],
      });
      if (!organizationMember) throw fail('BAD_REQUEST', TEAM_ERROR_CODES.USER_NOT_IN_ORGANIZATION);
      if (await findTeamMember(adapter, access.team, ctx.body.userId))
        throw fail('CONFLICT', TEAM_ERROR_CODES.ALREADY_TEAM_MEMBER);
      try {
        const created = await adapter.create<Record<string, unknown>, TeamMemberRow>({
          model: 'teamMember',
          data: { teamId: access.team.id, userId: ctx.body.userId, role: ctx.body.role, createdAt: new Date() },
        });
        return ctx.json({ id: created.id, teamId: access.team.id, userId: ctx.body.userId, role: ctx.body.role });
      } catch (error) {
        // Two adds at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw fail('CONFLICT', TEAM_ERROR_CODES.ALREADY_TEAM_MEMBER);
        throw error;
      }
    },
  ),

  teamSetRole: createAuthEndpoint(
    '/team-permissions/set-role',
    { method: 'POST', use: [sessionMiddleware], body: z.object({ teamId, userId, role: z.enum(TEAM_ROLES) }) },
    async (ctx) =>
      // Under the team's lock: two demotions at once must not both see the other owner still there.
      withTeamLock(databaseOf(ctx.context.options), ctx.body.teamId, async (store) => {
        const access = await loadTeamAccess(store, ctx.body.teamId, ctx.context.session.user.id);
        requirePermission(access, 'team:update');
        if (ctx.body.userId === ctx.context.session.user.id) throw fail('FORBIDDEN', TEAM_ERROR_CODES.OWN_ROLE);
        const target = await findTeamMember(store, access.team, ctx.body.userId);
        if (!target) throw fail('NOT_FOUND', TEAM_ERROR_CODES.NOT_A_TEAM_MEMBER);
        if (roleOf(target) === 'owner' && ctx.body.role !== 'owner') await keepAnOwner(store, access.team);
        await store.update({
          model: 'teamMember',
          where: [{ field: 'id', value: target.id }],
          update: { role: ctx.body.role },
        });
        return ctx.json({ id: target.id, teamId: access.team.id, userId: target.userId, role: ctx.body.role });
      }),
  ),

  teamRemoveMember: createAuthEndpoint(
    '/team-permissions/remove-member',
    { method: 'POST', use: [sessionMiddleware], body: z.object({ teamId, userId }) },
    async (ctx) =>
      withTeamLock(databaseOf(ctx.context.options), ctx.body.teamId, async (store) => {
        const access = await loadTeamAccess(store, ctx.body.teamId, ctx.context.session.user.id);
        requirePermission(access, 'team:update');
        const target = await findTeamMember(store, access.team, ctx.body.userId);
        if (!target) throw fail('NOT_FOUND', TEAM_ERROR_CODES.NOT_A_TEAM_MEMBER);
        if (roleOf(target) === 'owner') await keepAnOwner(store, access.team);
        await store.delete({ model: 'teamMember', where: [{ field: 'id', value: target.id }] });
        return ctx.json({ success: true });
      }),
  ),

  teamDeleteTeam: createAuthEndpoint(
    '/team-permissions/delete-team',
    { method: 'POST', use: [sessionMiddleware], body: z.object({ teamId }) },
    async (ctx) => {
      const adapter = adapterOf(ctx);
      const access = await loadTeamAccess(adapter, ctx.body.teamId, ctx.context.session.user.id);
      requirePermission(access, 'team:delete');
      await adapter.deleteMany({ model: 'teamMember', where: [{ field: 'teamId', value: access.team.id }] });
      await adapter.delete({ model: 'team', where: [{ field: 'id', value: access.team.id }] });
      return ctx.json({ success: true });
    },
  ),

  teamListTeams: createAuthEndpoint(
    '/team-permissions/list-teams',
    { method: 'GET', use: [sessionMiddleware], query: z.object({ organizationId: z.string().min(1).max(200) }) },
    async (ctx) => {
      const adapter = adapterOf(ctx);
      const caller = ctx.context.session.user.id;
      const member = await adapter.findOne<MemberRow>({
        model: 'member',
        where: [
          { field: 'organizationId', value: ctx.query.organizationId },
          { field: 'userId', value: caller },
        ],
      });
      // Not a member: the organization's teams are none of the caller's business.
      if (!member) return ctx.json<OrganizationTeamSummary[]>([]);
      const teams = await adapter.findMany<TeamRow>({
        model: 'team',
        where: [{ field: 'organizationId', value: ctx.query.organizationId }],
        sortBy: { field: 'createdAt', direction: 'asc' },
        limit: NO_LIMIT,
      });
      if (teams.length === 0) return ctx.json<OrganizationTeamSummary[]>([]);
      const memberships = await adapter.findMany<TeamMemberRow>({
        model: 'teamMember',
        where: [{ field: 'teamId', value: teams.map((team) => team.id), operator: 'in' }],
        limit: NO_LIMIT,
      });
      const summaries = teams.flatMap((team): OrganizationTeamSummary[] => {
        const rows = memberships.filter((row) => row.teamId === team.id);
        const mine = rows.find((row) => row.userId === caller) ?? null;
        const context = { organizationRole: member.role, teamRole: roleOf(mine), permissionMode: modeOf(team) };
        if (!canViewTeam(context)) return [];
        return [
          {
            ...teamView(team),
            role: context.teamRole,
            isOwner: context.teamRole === 'owner',
            isMember: context.teamRole !== null || context.permissionMode === 'inherited',
            memberCount: rows.length,
          },
        ];
      });
      return ctx.json(summaries);
    },
  ),
};
