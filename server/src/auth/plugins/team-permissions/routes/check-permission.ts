import { createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { teamAccessMiddleware } from '../middleware';
import { permissionField, teamIdField } from './fields';
import { allowedSchema, describeEndpoint } from './openapi';

export const checkPermission = createAuthEndpoint(
  '/team-permissions/check-permission',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField, permission: permissionField }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint(
      'Whether the caller has a permission in a team',
      'The answer, the same rule the team endpoints apply',
      allowedSchema,
    ),
  },
  async (ctx) => ctx.json({ allowed: ctx.context.teamAccess.can(ctx.body.permission) }),
);
