import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: string | Date;
}

/** The invitations of an organization still waiting for an answer. */
export async function getPendingInvitations(organizationId: string): Promise<PendingInvitation[]> {
  const all = await unwrap(
    authClient.organization.listInvitations({ query: { organizationId } }),
    'Failed to load invitations',
  );
  return (all as PendingInvitation[]).filter((invitation) => invitation.status === 'pending');
}

export const organizationInvitationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.organizationInvitations(organizationId),
    queryFn: () => getPendingInvitations(organizationId),
  });

export const useOrganizationInvitations = (organizationId: string) =>
  useQuery(organizationInvitationsQueryOptions(organizationId));
