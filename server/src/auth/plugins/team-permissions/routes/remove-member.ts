import { createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import * as z from 'zod';
import { keepAnOwner, loadTeamAccess, requirePermission, requireTeamMember, roleOf } from '../team-access';
import { withTeamLock } from '../team-lock';
import { teamIdField, userIdField } from './fields';
import { describeEndpoint, successSchema } from './openapi';

/** Removes a member from a team, never its last owner (the organization plugin's remove-team-member is closed to clients). */
export const removeMember = createAuthEndpoint(
  '/team-permissions/remove-member',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField, userId: userIdField }),
    use: [sessionMiddleware],
    metadata: describeEndpoint('Remove a member from a team (team:update)', 'The member is out', successSchema),
  },
  async (ctx) => {
    const { teamId, userId } = ctx.body;
    const callerId = ctx.context.session.user.id;
    // Under the team's lock, like set-role: a removal and a demotion at once must leave an owner.
    return withTeamLock(ctx.context, teamId, async (teams) => {
      const access = await loadTeamAccess(teams, teamId, callerId);
      requirePermission(access, 'team:update');
      const target = await requireTeamMember(teams, access.team, userId);
      if (roleOf(target) === 'owner') await keepAnOwner(teams, access.team);
      await teams.deleteTeamMember(target.id);
      return ctx.json({ success: true });
    });
  },
);
