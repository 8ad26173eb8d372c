import { queryKeys } from '@/lib/query-keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { inviteMember, type InviteMemberInput } from './invite-member';

/** The same invitation mailed again, its expiry pushed back (Better Auth's invite with `resend`). */
export const resendInvitation = (input: InviteMemberInput) => inviteMember({ ...input, resend: true });

export const useResendInvitation = () =>
  useRefreshingMutation({
    mutationFn: resendInvitation,
    refreshes: ({ organizationId }) => [queryKeys.organizationInvitations(organizationId)],
    successToast: ({ email }) => `Invitation sent again to ${email}.`,
    toastFailure: true,
  });
