import { queryOptions } from '@tanstack/react-query';
import { slugify, type MyInvitation } from '#common/organizations';
import type { OrganizationTeamSummary } from '#common/teams';
import { api } from '@/lib/api';
import { authClient } from '@/lib/auth-client';
import { messageOf, unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

/** Creates an organization; the slug comes from the name, with a suffix when it is taken. */
export async function createOrganization(name: string) {
  const base = slugify(name);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slug = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 6)}`;
    const { data, error } = await authClient.organization
      .create({ name, slug })
      .catch(() => ({ data: null, error: {} }));
    if (data) return data;
    const code = (error as { code?: string } | null)?.code;
    if (code !== 'ORGANIZATION_ALREADY_EXISTS' && code !== 'ORGANIZATION_SLUG_ALREADY_TAKEN') {
      throw new Error(messageOf(error, 'Failed to create organization'));
    }
  }
  throw new Error('Failed to create organization');
}

export const teamsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.teams.ofOrganization(organizationId),
    queryFn: () =>
      unwrap(
        authClient.$fetch<OrganizationTeamSummary[]>('/team-permissions/list-teams', {
          method: 'GET',
          query: { organizationId },
        }),
        'Failed to load teams',
      ),
  });

export const createTeam = (organizationId: string, name: string) =>
  unwrap(authClient.organization.createTeam({ name, organizationId }), 'Failed to create team');

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: string | Date;
}

export const invitationsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organizationInvitations(organizationId),
    queryFn: async () => {
      const all = await unwrap(
        authClient.organization.listInvitations({ query: { organizationId } }),
        'Failed to load invitations',
      );
      return (all as PendingInvitation[]).filter((invitation) => invitation.status === 'pending');
    },
  });

export const inviteMember = (organizationId: string, email: string, role: 'member' | 'admin') =>
  unwrap(authClient.organization.inviteMember({ organizationId, email, role }), 'Failed to send invitation');

export const cancelInvitation = (invitationId: string) =>
  unwrap(authClient.organization.cancelInvitation({ invitationId }), 'Failed to cancel invitation');

export const myInvitationsQuery = queryOptions({
  queryKey: queryKeys.myInvitations,
  queryFn: async () => (await api<{ data: MyInvitation[] }>('/invitations', {}, 'Failed to load invitations')).data,
});

export const acceptInvitation = (invitationId: string) =>
  unwrap(authClient.organization.acceptInvitation({ invitationId }), 'Failed to accept invitation');

export const rejectInvitation = (invitationId: string) =>
  unwrap(authClient.organization.rejectInvitation({ invitationId }), 'Failed to reject invitation');
