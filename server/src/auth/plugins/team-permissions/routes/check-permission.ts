import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { TEAM_PERMISSIONS } from '#common/teams';
import { teamAccessMiddleware } from '../middleware';
import { teamIdField } from './fields';
import { describeEndpoint } from './openapi';

export const checkPermission = createAuthEndpoint(
  '/team-permissions/check-permission',
  {
    method: 'POST',
    body: z.object({
      teamId: teamIdField,
      permission: z.enum(TEAM_PERMISSIONS).meta({ description: 'team:update, team:addMember or team:delete' }),
    }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint(
      'Whether the caller has a permission in a team',
      'The answer, the same rule the team endpoints apply',
      { type: 'object', properties: { allowed: { type: 'boolean' } }, required: ['allowed'] },
    ),
  },
  async (ctx) => ctx.json({ allowed: ctx.context.teamAccess.can(ctx.body.permission) }),
);
