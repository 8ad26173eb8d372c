import { APIError, createAuthMiddleware, sessionMiddleware } from 'better-auth/api';
import { getTeamAdapter } from './adapter';
import { TEAM_ERROR_CODES } from './error-codes';
import { loadTeamAccess } from './team-access';

const teamIdIn = (input: unknown) => (input as { teamId?: unknown } | undefined)?.teamId;

/**
 * The opening every endpoint on one team shares (as the organization plugin's `orgSessionMiddleware`):
 * a session, then the team the request names by `teamId` (in its body or query, which the endpoint
 * has validated before its middleware runs) and the caller's standing in it, as
 * `ctx.context.teamAccess`. A team the caller may not see answers 404 like a missing one.
 * Endpoints that change a team's owners load it again under the team's lock instead (team-lock.ts).
 */
export const teamAccessMiddleware = createAuthMiddleware({ use: [sessionMiddleware] }, async (ctx) => {
  const session = ctx.context.session;
  const teamId = teamIdIn(ctx.body) ?? teamIdIn(ctx.query);
  // Only an endpoint without a `teamId` field could get here without one: it finds no team.
  if (typeof teamId !== 'string') throw APIError.from('NOT_FOUND', TEAM_ERROR_CODES.TEAM_NOT_FOUND);
  const teamAccess = await loadTeamAccess(getTeamAdapter(ctx.context), teamId, session.user.id);
  return { session, teamAccess };
});
