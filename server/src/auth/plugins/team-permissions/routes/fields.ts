import * as z from 'zod';
import { TEAM_PERMISSION_MODES, TEAM_PERMISSIONS, TEAM_ROLES } from '#common/teams';

/** The endpoints' request fields, described for OpenAPI. Ids are bounded: they are looked up, never stored. */
export const teamIdField = z.string().min(1).max(200).meta({ description: 'The id of the team' });
export const userIdField = z.string().min(1).max(200).meta({ description: 'The id of the user' });
export const organizationIdField = z.string().min(1).max(200).meta({ description: 'The id of the organization' });
export const teamRoleField = z.enum(TEAM_ROLES).meta({ description: 'The role in the team: member or owner' });
export const permissionField = z
  .enum(TEAM_PERMISSIONS)
  .meta({ description: 'team:update, team:addMember or team:delete' });
export const permissionModeField = z
  .enum(TEAM_PERMISSION_MODES)
  .meta({ description: 'inherited (public) or defined (private)' });
