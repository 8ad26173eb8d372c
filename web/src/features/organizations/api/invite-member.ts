import { z } from 'zod';
import { emailSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const inviteMemberSchema = z.object({ email: emailSchema, role: z.enum(['member', 'admin']) });
export type InviteMemberInput = z.output<typeof inviteMemberSchema> & { organizationId: string };

export const inviteMember = ({ organizationId, email, role }: InviteMemberInput) =>
  unwrap(authClient.organization.inviteMember({ organizationId, email, role }), 'Failed to send invitation');

/** Invites someone by email; the invitation joins the organization's pending list. */
export const useInviteMember = () =>
  useRefreshingMutation({
    mutationFn: inviteMember,
    refreshes: ({ organizationId }) => [queryKeys.organizationInvitations(organizationId)],
    successToast: ({ email }) => `Invitation sent to ${email}.`,
  });
