import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { getTeamAdapter } from '../adapter';
import { teamAccessMiddleware } from '../middleware';
import { requirePermission } from '../team-access';
import { teamView } from '../views';
import { permissionModeField, teamIdField } from './fields';
import { describeEndpoint, teamSchema } from './openapi';

/** Makes a team public (`inherited`) or private (`defined`). */
export const setPermissionMode = createAuthEndpoint(
  '/team-permissions/set-permission-mode',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField, permissionMode: permissionModeField }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint('Make a team public or private (team:update)', 'The team as it is now', {
      type: 'object',
      properties: { team: teamSchema },
      required: ['team'],
    }),
  },
  async (ctx) => {
    const access = ctx.context.teamAccess;
    requirePermission(access, 'team:update');
    const updated = await getTeamAdapter(ctx.context).setPermissionMode(access.team.id, ctx.body.permissionMode);
    return ctx.json({ team: teamView(updated ?? access.team) });
  },
);
