import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { getTeamAdapter } from './adapter';
import { TEAM_ERROR_CODES } from './error-codes';
import { loadTeamAccess } from './team-access';
import { visibleTeams } from './team-visibility';
import { authHook } from '../../auth-hook';

/** The organization plugin's own team-membership endpoints would skip our rules: clients use ours. */
const BYPASSING_PATHS = new Set([
  '/organization/add-team-member',
  '/organization/remove-team-member',
  '/organization/remove-team',
]);
/** The organization plugin's endpoints that act on one team the caller names (or their active team). */
const ONE_TEAM_PATHS = new Set(['/organization/list-team-members', '/organization/set-active-team']);

/** How the team rules reach the organization plugin's own team endpoints. */
export const teamPermissionsHooks = {
  before: [
    {
      matcher: (ctx) => BYPASSING_PATHS.has(ctx.path ?? ''),
      handler: authHook(async (ctx) => {
        // Server code (no request) may still call them, e.g. an organization's deletion.
        if (ctx.request) throw APIError.from('FORBIDDEN', TEAM_ERROR_CODES.USE_TEAM_ENDPOINTS);
      }),
    },
    {
      matcher: (ctx) => ONE_TEAM_PATHS.has(ctx.path ?? ''),
      handler: authHook(async (ctx) => {
        const teamId =
          (ctx.query as { teamId?: unknown } | undefined)?.teamId ??
          (ctx.body as { teamId?: unknown } | undefined)?.teamId;
        const session = await getSessionFromCtx(ctx);
        if (typeof teamId !== 'string' || !session) return;
        // A private team the caller may not see answers like a missing one.
        await loadTeamAccess(getTeamAdapter(ctx.context), teamId, session.user.id);
      }),
    },
  ],
  after: [
    {
      // Whoever creates a team owns it.
      matcher: (ctx) => ctx.path === '/organization/create-team',
      handler: authHook(async (ctx) => {
        const team = ctx.context.returned as { id?: string } | undefined;
        const session = await getSessionFromCtx(ctx);
        if (!team?.id || !session) return;
        await getTeamAdapter(ctx.context).createTeamMember({ teamId: team.id, userId: session.user.id, role: 'owner' });
      }),
    },
    {
      matcher: (ctx) => ctx.path === '/organization/list-teams',
      handler: authHook(async (ctx) => {
        const teams = ctx.context.returned;
        const session = await getSessionFromCtx(ctx);
        if (!Array.isArray(teams) || !session) return;
        return ctx.json(await visibleTeams(getTeamAdapter(ctx.context), session.user.id, teams));
      }),
    },
    {
      matcher: (ctx) => ctx.path === '/organization/get-full-organization',
      handler: authHook(async (ctx) => {
        const organization = ctx.context.returned as { teams?: unknown } | null | undefined;
        const session = await getSessionFromCtx(ctx);
        if (!organization || !Array.isArray(organization.teams) || !session) return;
        const teams = await visibleTeams(getTeamAdapter(ctx.context), session.user.id, organization.teams);
        return ctx.json({ ...organization, teams });
      }),
    },
  ],
} satisfies BetterAuthPlugin['hooks'];
