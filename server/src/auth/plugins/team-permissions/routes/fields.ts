import * as z from 'zod';
import { TEAM_ROLES } from '#common/teams';

/** The request fields several endpoints share. Ids are bounded: they are looked up, never stored. */
export const teamIdField = z.string().min(1).max(200).meta({ description: 'The id of the team' });
export const userIdField = z.string().min(1).max(200).meta({ description: 'The id of the user' });
export const organizationIdField = z.string().min(1).max(200).meta({ description: 'The id of the organization' });
export const teamRoleField = z.enum(TEAM_ROLES).meta({ description: 'The role in the team: member or owner' });
