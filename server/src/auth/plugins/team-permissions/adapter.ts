import type { DBAdapter, Where } from 'better-auth';
import type { TeamPermissionMode, TeamRole } from '#common/teams';
import type { MemberRow, TeamMemberRow, TeamRow, UserRow } from './schema';

/** Better Auth's findMany returns 100 rows unless told otherwise; team lists must not be cut. */
const NO_LIMIT = 100_000;

/** The adapter calls the row queries make: Better Auth's adapter has them, and so has the team lock's transaction. */
export type TeamStore = Pick<DBAdapter, 'findOne' | 'count' | 'update' | 'delete'>;

const equal = (field: string, value: string): Where => ({ field, value });
const oneOf = (field: string, values: string[]): Where => ({ field, value: values, operator: 'in' });

/**
 * The queries of one team's rows (the team, a person's memberships, its owners): all the owner rules
 * need, so they run as well over the team lock's transaction (see team-lock.ts) as over the adapter.
 */
export function teamRowQueries(store: TeamStore) {
  return {
    findTeam: (teamId: string) => store.findOne<TeamRow>({ model: 'team', where: [equal('id', teamId)] }),
    findOrganizationMember: (organizationId: string, userId: string) =>
      store.findOne<MemberRow>({
        model: 'member',
        where: [equal('organizationId', organizationId), equal('userId', userId)],
      }),
    findTeamMember: (teamId: string, userId: string) =>
      store.findOne<TeamMemberRow>({ model: 'teamMember', where: [equal('teamId', teamId), equal('userId', userId)] }),
    /** One custom role of the organization (Better Auth's `organizationRole`), permissions as JSON text. */
    findCustomRole: (organizationId: string, role: string) =>
      store.findOne<{ role: string; permission: string }>({
        model: 'organizationRole',
        where: [equal('organizationId', organizationId), equal('role', role)],
      }),
    countTeamOwners: (teamId: string) =>
      store.count({ model: 'teamMember', where: [equal('teamId', teamId), equal('role', 'owner')] }),
    setTeamMemberRole: (teamMemberId: string, role: TeamRole) =>
      store.update<TeamMemberRow>({ model: 'teamMember', where: [equal('id', teamMemberId)], update: { role } }),
    deleteTeamMember: (teamMemberId: string) =>
      store.delete({ model: 'teamMember', where: [equal('id', teamMemberId)] }),
  };
}
export type TeamRowQueries = ReturnType<typeof teamRowQueries>;

/**
 * Every query of the plugin, by name, over Better Auth's adapter (as the organization plugin's
 * `getOrgAdapter`): routes and hooks say what they read, not how the adapter is called.
 */
export function getTeamAdapter(context: { adapter: DBAdapter }) {
  const { adapter } = context;
  const findMany = async <T>(model: string, where: Where[], sortBy?: { field: string; direction: 'asc' }) =>
    adapter.findMany<T>({ model, where, sortBy, limit: NO_LIMIT });
  return {
    ...teamRowQueries(adapter),
    /** The teams of these ids (those that exist). */
    findTeams: async (teamIds: string[]) => (teamIds.length ? findMany<TeamRow>('team', [oneOf('id', teamIds)]) : []),
    listOrganizationTeams: (organizationId: string) =>
      findMany<TeamRow>('team', [equal('organizationId', organizationId)], { field: 'createdAt', direction: 'asc' }),
    listTeamMembers: (teamId: string) => findMany<TeamMemberRow>('teamMember', [equal('teamId', teamId)]),
    /** Every membership of these teams. */
    listMembersOfTeams: async (teamIds: string[]) =>
      teamIds.length ? findMany<TeamMemberRow>('teamMember', [oneOf('teamId', teamIds)]) : [],
    /** One person's memberships among these teams. */
    listTeamMembershipsOf: async (userId: string, teamIds: string[]) =>
      teamIds.length ? findMany<TeamMemberRow>('teamMember', [equal('userId', userId), oneOf('teamId', teamIds)]) : [],
    /** One person's memberships among these organizations. */
    listOrganizationMembershipsOf: async (userId: string, organizationIds: string[]) =>
      organizationIds.length
        ? findMany<MemberRow>('member', [equal('userId', userId), oneOf('organizationId', organizationIds)])
        : [],
    findUsers: async (userIds: string[]) => (userIds.length ? findMany<UserRow>('user', [oneOf('id', userIds)]) : []),
    setPermissionMode: (teamId: string, permissionMode: TeamPermissionMode) =>
      adapter.update<TeamRow>({
        model: 'team',
        where: [equal('id', teamId)],
        update: { permissionMode, updatedAt: new Date() },
      }),
    createTeamMember: (data: { teamId: string; userId: string; role: TeamRole }) =>
      adapter.create<Omit<TeamMemberRow, 'id'>, TeamMemberRow>({
        model: 'teamMember',
        data: { ...data, createdAt: new Date() },
      }),
    /** The team and its memberships. */
    deleteTeam: async (teamId: string) => {
      await adapter.deleteMany({ model: 'teamMember', where: [equal('teamId', teamId)] });
      await adapter.delete({ model: 'team', where: [equal('id', teamId)] });
    },
  };
}
export type TeamAdapter = ReturnType<typeof getTeamAdapter>;
