import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { TEAM_PERMISSIONS, type TeamDetails, type TeamPermission } from '#common/teams';
import { getTeamAdapter } from '../adapter';
import { teamAccessMiddleware } from '../middleware';
import { memberViews, roleView, teamView } from '../views';
import { teamIdField } from './fields';
import { describeEndpoint, teamDetailsSchema } from './openapi';

/** The team screen's one read: the team, its members and what the caller may do there. */
export const getTeam = createAuthEndpoint(
  '/team-permissions/get-team',
  {
    method: 'GET',
    query: z.object({ teamId: teamIdField }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint(
      'A team, its members, and the permissions of the caller in it',
      'The team; 404 when it does not exist or the caller may not see it',
      teamDetailsSchema,
    ),
  },
  async (ctx) => {
    const access = ctx.context.teamAccess;
    const permissions = Object.fromEntries(
      TEAM_PERMISSIONS.map((permission) => [permission, access.can(permission)]),
    ) as Record<TeamPermission, boolean>;
    return ctx.json<TeamDetails>({
      team: teamView(access.team),
      members: await memberViews(getTeamAdapter(ctx.context), access.team),
      access: { ...roleView(access.context), permissions },
    });
  },
);
