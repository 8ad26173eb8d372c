import { GUEST_CANNOT_INVITE_MESSAGE, INVITER_NOT_VERIFIED_MESSAGE } from '#common/organizations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { FormTextField } from '@/components/ui/form-fields';
import { QueryList } from '@/components/ui/item-list';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useZodForm } from '@/lib/use-zod-form';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useOrganizationInvitations } from '../api/get-organization-invitations';
import { inviteMemberSchema, useInviteMember } from '../api/invite-member';

/** Only a registered account with a verified address sends invitations: the others are told what to do first. */
function InviteForm({ organizationId, canInviteAdmins }: { organizationId: string; canInviteAdmins: boolean }) {
  const user = useSession().data?.user;
  if (user?.isAnonymous) return <p className="mt-2 text-sm text-secondary-foreground">{GUEST_CANNOT_INVITE_MESSAGE}</p>;
  if (user && !user.emailVerified) {
    return <p className="mt-2 text-sm text-secondary-foreground">{INVITER_NOT_VERIFIED_MESSAGE}</p>;
  }
  return <InviteFormFields organizationId={organizationId} canInviteAdmins={canInviteAdmins} />;
}

function InviteFormFields({ organizationId, canInviteAdmins }: { organizationId: string; canInviteAdmins: boolean }) {
  const invite = useInviteMember();
  const form = useZodForm(inviteMemberSchema, { defaultValues: { email: '', role: 'member' } });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate({ organizationId, ...values }, { onSuccess: () => form.reset() }),
  );
  return (
    <form className="mt-2 space-y-2" onSubmit={onSubmit} noValidate>
      <ErrorBox message={invite.error?.message} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-56 flex-1">
          <FormTextField
            form={form}
            name="email"
            id={`invite-email-${organizationId}`}
            label="Email to invite"
            type="email"
          />
        </div>
        <FormField id={`invite-role-${organizationId}`} label="Role">
          <Select id={`invite-role-${organizationId}`} {...form.register('role')}>
            <option value="member">Member</option>
            {canInviteAdmins && <option value="admin">Admin</option>}
          </Select>
        </FormField>
        <Button type="submit" className="mt-6" disabled={!form.watch('email').trim() || invite.isPending}>
          Send Invitation
        </Button>
      </div>
    </form>
  );
}

/** Invite by email, and the invitations still waiting for an answer, each of which can be cancelled. */
export function InviteMembers({
  organizationId,
  canInviteAdmins,
}: {
  organizationId: string;
  canInviteAdmins: boolean;
}) {
  const invitations = useOrganizationInvitations(organizationId);
  const cancel = useCancelInvitation();
  return (
    <div className="mt-6 space-y-3">
      <h4 className="text-sm font-semibold">Invite members</h4>
      <InviteForm organizationId={organizationId} canInviteAdmins={canInviteAdmins} />
      <ErrorBox message={cancel.error?.message} />
      <QueryList query={invitations} empty="No pending invitations." label="Pending invitations">
        {(invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span>
              {invitation.email} <Badge>{invitation.role}</Badge>{' '}
              <span className="text-xs text-muted-foreground">expires {formatDate(invitation.expiresAt)}</span>
            </span>
            <Button
              variant="danger-ghost"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ organizationId, invitationId: invitation.id })}
            >
              Cancel invitation
            </Button>
          </li>
        )}
      </QueryList>
    </div>
  );
}
