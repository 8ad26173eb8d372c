import { createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import * as z from 'zod';
import { canViewTeam, type OrganizationTeamSummary } from '#common/teams';
import { getTeamAdapter } from '../adapter';
import { customRolesHeld, modeOf, roleOf } from '../team-access';
import { roleView, teamView } from '../views';
import { organizationIdField } from './fields';
import { describeEndpoint, teamSummariesSchema } from './openapi';

/** The teams of an organization the caller may see, each with the caller's standing and its member count. */
export const listTeams = createAuthEndpoint(
  '/team-permissions/list-teams',
  {
    method: 'GET',
    query: z.object({ organizationId: organizationIdField }),
    use: [sessionMiddleware],
    metadata: describeEndpoint(
      "The teams of an organization that the caller may see, with the caller's role in each",
      'The teams, oldest first; none when the caller is not a member of the organization',
      teamSummariesSchema,
    ),
  },
  async (ctx) => {
    const adapter = getTeamAdapter(ctx.context);
    const caller = ctx.context.session.user.id;
    const member = await adapter.findOrganizationMember(ctx.query.organizationId, caller);
    // Not a member: the organization's teams are none of the caller's business.
    if (!member) return ctx.json<OrganizationTeamSummary[]>([]);
    const customRoles = await customRolesHeld(adapter, ctx.query.organizationId, member.role);
    const teams = await adapter.listOrganizationTeams(ctx.query.organizationId);
    const memberships = await adapter.listMembersOfTeams(teams.map((team) => team.id));
    const summaries = teams.flatMap((team): OrganizationTeamSummary[] => {
      const rows = memberships.filter((row) => row.teamId === team.id);
      const mine = rows.find((row) => row.userId === caller);
      const context = {
        organizationRole: member.role,
        customRoles,
        teamRole: roleOf(mine),
        permissionMode: modeOf(team),
      };
      if (!canViewTeam(context)) return [];
      return [{ ...teamView(team), ...roleView(context), memberCount: rows.length }];
    });
    return ctx.json<OrganizationTeamSummary[]>(summaries);
  },
);
