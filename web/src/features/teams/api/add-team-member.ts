import { z } from 'zod';
import { TEAM_MESSAGES, TEAM_ROLES } from '#common/teams';
import { emailSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The add-member form: a person is named by email, and must already be in the organization. */
export const addTeamMemberSchema = z.object({ email: emailSchema, role: z.enum(TEAM_ROLES) });
export type AddTeamMemberInput = z.output<typeof addTeamMemberSchema>;

/** The organization's member with this email, or null. */
async function findOrganizationMember(organizationId: string, email: string) {
  const organization = await unwrap(
    authClient.organization.getFullOrganization({ query: { organizationId, membersLimit: 10_000 } }),
    'Failed to load the organization',
  );
  const wanted = email.toLowerCase();
  return organization.members.find((member) => member.user.email.toLowerCase() === wanted) ?? null;
}

/** Fails with the spec's two sentences: the person is not in the organization, or the add failed. */
export async function addTeamMember({
  teamId,
  organizationId,
  email,
  role,
}: AddTeamMemberInput & { teamId: string; organizationId: string }) {
  const member = await findOrganizationMember(organizationId, email).catch(() => null);
  if (!member) throw new Error(TEAM_MESSAGES.USER_NOT_IN_ORGANIZATION);
  return unwrap(
    authClient.teamPermissions.addMember({ teamId, userId: member.userId, role }),
    TEAM_MESSAGES.ADD_MEMBER_FAILED,
  ).catch(() => {
    throw new Error(TEAM_MESSAGES.ADD_MEMBER_FAILED);
  });
}

/** Adds a member to the team; the team's member list and the team lists' counts refresh. */
export const useAddTeamMember = (teamId: string) =>
  useRefreshingMutation({ mutationFn: addTeamMember, refreshes: [queryKeys.team(teamId), queryKeys.teams.all] });
