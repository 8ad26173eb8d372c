import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import type { TeamRoleView } from '#common/teams';
import { teamAccessMiddleware } from '../middleware';
import { roleView } from '../views';
import { teamIdField } from './fields';
import { describeEndpoint, teamRoleSchema } from './openapi';

export const getTeamRole = createAuthEndpoint(
  '/team-permissions/get-team-role',
  {
    method: 'GET',
    query: z.object({ teamId: teamIdField }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint(
      "The caller's role in a team",
      'Whether the caller owns or belongs to it',
      teamRoleSchema,
    ),
  },
  async (ctx) => ctx.json<TeamRoleView>(roleView(ctx.context.teamAccess.context)),
);
