import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { TEAM_ERROR_CODES } from './error-codes';
import { teamPermissionRoutes } from './routes';
import type { Adapter } from './team-access';

/** The organization plugin's own team-membership endpoints would skip our rules: clients use ours. */
const BYPASSING_PATHS = new Set([
  '/organization/add-team-member',
  '/organization/remove-team-member',
  '/organization/remove-team',
]);

/**
 * Team-level permissions on top of Better Auth's organization teams: a public/private mode per team,
 * an owner/member role per team member, and endpoints that enforce who may change what.
 */
export function teamPermissions() {
  return {
    id: 'team-permissions',
    schema: {
      team: {
        fields: {
          permissionMode: { type: 'string', required: false, defaultValue: 'inherited', input: false },
        },
      },
      teamMember: {
        fields: {
          role: { type: 'string', required: false, defaultValue: 'member', input: false },
        },
      },
    },
    endpoints: teamPermissionRoutes,
    hooks: {
      before: [
        {
          matcher: (ctx) => BYPASSING_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.request) throw new APIError('FORBIDDEN', { ...TEAM_ERROR_CODES.USE_TEAM_ENDPOINTS });
          }),
        },
      ],
      after: [
        {
          // Whoever creates a team owns it.
          matcher: (ctx) => ctx.path === '/organization/create-team',
          handler: createAuthMiddleware(async (ctx) => {
            const team = ctx.context.returned as { id?: string } | undefined;
            const session = await getSessionFromCtx(ctx);
            if (!team?.id || !session) return;
            await (ctx.context.adapter as Adapter).create({
              model: 'teamMember',
              data: { teamId: team.id, userId: session.user.id, role: 'owner', createdAt: new Date() },
            });
          }),
        },
      ],
    },
    $ERROR_CODES: TEAM_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
