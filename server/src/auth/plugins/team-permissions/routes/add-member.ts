import { APIError, createAuthEndpoint } from 'better-auth/api';
import * as z from 'zod';
import { getTeamAdapter } from '../adapter';
import { TEAM_ERROR_CODES } from '../error-codes';
import { teamAccessMiddleware } from '../middleware';
import { requirePermission } from '../team-access';
import { teamIdField, teamRoleField, userIdField } from './fields';
import { describeEndpoint, teamMembershipSchema } from './openapi';

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

/** Adds a member of the team's organization to a private team (the organization plugin's add-team-member is closed to clients). */
export const addMember = createAuthEndpoint(
  '/team-permissions/add-member',
  {
    method: 'POST',
    body: z.object({ teamId: teamIdField, userId: userIdField, role: teamRoleField.default('member') }),
    use: [teamAccessMiddleware],
    metadata: describeEndpoint(
      'Add an organization member to a private team (team:addMember)',
      'The new membership; 409 when the user is already in the team',
      teamMembershipSchema,
    ),
  },
  async (ctx) => {
    const access = ctx.context.teamAccess;
    const { userId, role } = ctx.body;
    // Those who could add members hear why they cannot; the others only that they may not.
    if (access.context.permissionMode !== 'defined' && access.can('team:update')) {
      throw APIError.from('BAD_REQUEST', TEAM_ERROR_CODES.TEAM_IS_PUBLIC);
    }
    requirePermission(access, 'team:addMember');
    const adapter = getTeamAdapter(ctx.context);
    if (!(await adapter.findOrganizationMember(access.team.organizationId, userId))) {
      throw APIError.from('BAD_REQUEST', TEAM_ERROR_CODES.USER_NOT_IN_ORGANIZATION);
    }
    if (await adapter.findTeamMember(access.team.id, userId)) {
      throw APIError.from('CONFLICT', TEAM_ERROR_CODES.ALREADY_TEAM_MEMBER);
    }
    try {
      const created = await adapter.createTeamMember({ teamId: access.team.id, userId, role });
      return ctx.json({ id: created.id, teamId: access.team.id, userId, role });
    } catch (error) {
      // Two adds at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw APIError.from('CONFLICT', TEAM_ERROR_CODES.ALREADY_TEAM_MEMBER);
      throw error;
    }
  },
);
