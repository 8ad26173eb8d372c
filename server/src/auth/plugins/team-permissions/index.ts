import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { TEAM_ERROR_CODES } from './error-codes';
import { teamPermissionRoutes } from './routes';
import type { Adapter } from './team-access';
import { requireVisibleTeam, visibleTeams } from './team-visibility';

/** The organization plugin's own team-membership endpoints would skip our rules: clients use ours. */
const BYPASSING_PATHS = new Set([
  '/organization/add-team-member',
  '/organization/remove-team-member',
  '/organization/remove-team',
]);
/** The organization plugin's endpoints that act on one team the caller names (or their active team). */
const ONE_TEAM_PATHS = new Set(['/organization/list-team-members', '/organization/set-active-team']);

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
        {
          matcher: (ctx) => ONE_TEAM_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const teamId =
              (ctx.query as { teamId?: unknown } | undefined)?.teamId ??
              (ctx.body as { teamId?: unknown } | undefined)?.teamId;
            const session = await getSessionFromCtx(ctx);
            if (typeof teamId !== 'string' || !session) return;
            await requireVisibleTeam(ctx.context.adapter as Adapter, teamId, session.user.id);
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
        {
          matcher: (ctx) => ctx.path === '/organization/list-teams',
          handler: createAuthMiddleware(async (ctx) => {
            const teams = ctx.context.returned;
            const session = await getSessionFromCtx(ctx);
            if (!Array.isArray(teams) || !session) return;
            return ctx.json(await visibleTeams(ctx.context.adapter as Adapter, session.user.id, teams));
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/organization/get-full-organization',
          handler: createAuthMiddleware(async (ctx) => {
            const organization = ctx.context.returned as { teams?: unknown } | null | undefined;
            const session = await getSessionFromCtx(ctx);
            if (!organization || !Array.isArray(organization.teams) || !session) return;
            const teams = await visibleTeams(ctx.context.adapter as Adapter, session.user.id, organization.teams);
            return ctx.json({ ...organization, teams });
          }),
        },
      ],
    },
    $ERROR_CODES: TEAM_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
