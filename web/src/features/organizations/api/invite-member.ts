import { z } from 'zod';
import { emailSchema } from '#common/validation';
import { authClient } from '@/lib/auth-client';
import { unwrap } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** The role is one of the choices the form offers (the caller's own permissions bound them; the server checks again). */
export const inviteMemberSchema = z.object({ email: emailSchema, role: z.string().min(1, 'Choose a role') });
export type InviteMemberInput = z.output<typeof inviteMemberSchema> & { organizationId: string };

export const inviteMember = ({ organizationId, email, role, resend }: InviteMemberInput & { resend?: boolean }) =>
  unwrap(authClient.organization.inviteMember({ organizationId, email, role, resend }), 'Failed to send invitation');

/** Invites someone by email; the invitation joins the organization's pending list. */
export const useInviteMember = () =>
  useRefreshingMutation({
    mutationFn: inviteMember,
    refreshes: ({ organizationId }) => [queryKeys.organizationInvitations(organizationId)],
    successToast: ({ email }) => `Invitation sent to ${email}.`,
  });
