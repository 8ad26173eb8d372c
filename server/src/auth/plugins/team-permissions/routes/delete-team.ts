import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { getTeamAdapter } from '../adapter';
import { teamAccessMiddleware } from '../middleware';
import { requirePermission } from '../team-access';
import { teamIdField } from './fields';
import { describeEndpoint, successSchema } from './openapi';

/** Deletes a team and its memberships (the organization plugin's remove-team is closed to clients). */
export const deleteTeam = createAuthEndpoint(
  '/team-permissions/delete-team',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint('Delete a team (team:delete)', 'The team is gone', successSchema),
  },
  async (ctx) => {
    const access = ctx.context.teamAccess;
    requirePermission(access, 'team:delete');
    await getTeamAdapter(ctx.context).deleteTeam(access.team.id);
    return ctx.json({ success: true });
  },
);
