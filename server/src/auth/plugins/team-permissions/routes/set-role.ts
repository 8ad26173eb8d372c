import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import * as z from 'zod';
import { TEAM_ERROR_CODES } from '../error-codes';
import { keepAnOwner, loadTeamAccess, requirePermission, requireTeamMember, roleOf } from '../team-access';
import { withTeamLock } from '../team-lock';
import { teamIdField, teamRoleField, userIdField } from './fields';
import { describeEndpoint, teamMembershipSchema } from './openapi';

/** Promotes a team member to owner or demotes an owner; nobody changes their own role, and a team keeps one owner. */
export const setRole = createAuthEndpoint(
  '/team-permissions/set-role',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField, userId: userIdField, role: teamRoleField }),
    use: [sessionMiddleware],
    metadata: describeEndpoint(
      "Change a team member's role (team:update)",
      'The membership with its new role',
      teamMembershipSchema,
    ),
  },
  async (ctx) => {
    const { teamId, userId, role } = ctx.body;
    const callerId = ctx.context.session.user.id;
    // Under the team's lock: two demotions at once must not both see the other owner still there.
    return withTeamLock(ctx.context, teamId, async (teams) => {
      const access = await loadTeamAccess(teams, teamId, callerId);
      requirePermission(access, 'team:update');
      if (userId === callerId) throw APIError.from('FORBIDDEN', TEAM_ERROR_CODES.OWN_ROLE);
      const target = await requireTeamMember(teams, access.team, userId);
      if (roleOf(target) === 'owner' && role !== 'owner') await keepAnOwner(teams, access.team);
      await teams.setTeamMemberRole(target.id, role);
      return ctx.json({ id: target.id, teamId: access.team.id, userId: target.userId, role });
    });
  },
);
