import { queryOptions } from '@tanstack/react-query';
import type { TeamDetails, TeamPermissionMode, TeamRole } from '#common/teams';
import { authClient } from '@/lib/auth-client';
import { messageOf, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export class TeamNotFoundError extends Error {}

export const teamQuery = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId),
    queryFn: async () => {
      const { data, error } = await authClient.$fetch<TeamDetails>('/team-permissions/get-team', {
        method: 'GET',
        query: { teamId },
      });
      if ((error as { status?: number } | null)?.status === 404) throw new TeamNotFoundError('Team not found');
      if (error || !data) throw new Error(messageOf(error, 'Failed to load the team'));
      return data;
    },
    retry: false,
  });

const post = <T>(path: string, body: Record<string, unknown>, fallback: string) =>
  unwrap(authClient.$fetch<T>(path, { method: 'POST', body }), fallback);

export const setPermissionMode = (teamId: string, permissionMode: TeamPermissionMode) =>
  post('/team-permissions/set-permission-mode', { teamId, permissionMode }, 'Failed to update the team');

export const addTeamMember = (teamId: string, userId: string, role: TeamRole) =>
  post(
    '/team-permissions/add-member',
    { teamId, userId, role },
    'Failed to add member. They may already be a team member.',
  );

export const setTeamRole = (teamId: string, userId: string, role: TeamRole) =>
  post('/team-permissions/set-role', { teamId, userId, role }, 'Failed to change the role');

export const deleteTeam = (teamId: string) =>
  post('/team-permissions/delete-team', { teamId }, 'Failed to delete the team');

/** The organization's members, to find a person by email before adding them to a team. */
export async function findOrganizationMember(organizationId: string, email: string) {
  const organization = await unwrap(
    authClient.organization.getFullOrganization({ query: { organizationId, membersLimit: 10_000 } }),
    'Failed to load the organization',
  );
  const wanted = email.trim().toLowerCase();
  return organization.members.find((member) => member.user.email.toLowerCase() === wanted) ?? null;
}
