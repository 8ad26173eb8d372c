import { GUEST_CANNOT_INVITE_MESSAGE, INVITER_NOT_VERIFIED_MESSAGE } from '#common/organizations';
import { can } from '#common/organization-roles';
import type { OrganizationDetail } from '#common/organization-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField, SelectField } from '@/components/ui/form-fields';
import { QueryList } from '@/components/ui/item-list';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useZodForm } from '@/lib/use-zod-form';
import { useCancelInvitation } from '@/features/organizations/api/cancel-invitation';
import { useOrganizationInvitations } from '@/features/organizations/api/get-organization-invitations';
import { inviteMemberSchema, useInviteMember } from '@/features/organizations/api/invite-member';
import { useResendInvitation } from '@/features/organizations/api/resend-invitation';
import { roleLabel } from '@/features/organizations/utils/role-choices';

/** Only a registered account with a verified address sends invitations: the others are told what to do first. */
function InviteForm({ organizationId, choices }: { organizationId: string; choices: string[] }) {
  const user = useSession().data?.user;
  if (user?.isAnonymous) return <p className="text-sm text-secondary-foreground">{GUEST_CANNOT_INVITE_MESSAGE}</p>;
  if (user && !user.emailVerified) {
    return <p className="text-sm text-secondary-foreground">{INVITER_NOT_VERIFIED_MESSAGE}</p>;
  }
  // A custom role may invite without holding any role's permissions whole (not even member's).
  if (choices.length === 0) {
    return <p className="text-sm text-secondary-foreground">Your role holds no role you could invite someone with.</p>;
  }
  return <InviteFormFields organizationId={organizationId} choices={choices} />;
}

function InviteFormFields({ organizationId, choices }: { organizationId: string; choices: string[] }) {
  const invite = useInviteMember();
  const defaultRole = choices.includes('member') ? 'member' : (choices[0] ?? '');
  const form = useZodForm(inviteMemberSchema, { defaultValues: { email: '', role: defaultRole } });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate({ organizationId, ...values }, { onSuccess: () => form.reset({ email: '', role: values.role }) }),
  );
  return (
    <form className="space-y-2" onSubmit={onSubmit} noValidate>
      <ErrorBox message={invite.error?.message} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <FormTextField form={form} name="email" id="invite-email" label="Email to invite" type="email" />
        </div>
        <div className="w-40">
          <SelectField form={form} name="role" id="invite-role" label="Role">
            {choices.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" className="mt-6" disabled={!form.watch('email').trim() || invite.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}

/**
 * Invite by email (with a role the caller may give), and the invitations still waiting for an
 * answer: each with its expiry, sent again (a new expiry) or cancelled, as the caller's role allows.
 */
export function InvitationsCard({ organization, choices }: { organization: OrganizationDetail; choices: string[] }) {
  const organizationId = organization.id;
  const invitations = useOrganizationInvitations(organizationId);
  const invites = can(organization.permissions, 'invitation', 'create');
  const cancels = can(organization.permissions, 'invitation', 'cancel');
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  return (
    <Card title="Invitations">
      <div className="space-y-4">
        {invites && <InviteForm organizationId={organizationId} choices={choices} />}
        <ErrorBox message={cancel.error?.message} />
        <QueryList query={invitations} empty="No pending invitations." label="Pending invitations">
          {(invitation) => (
            <li key={invitation.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 break-all">
                {invitation.email} <Badge>{roleLabel(invitation.role)}</Badge>{' '}
                <span className="text-xs whitespace-nowrap text-muted-foreground">
                  expires {formatDate(invitation.expiresAt)}
                </span>
              </span>
              <span className="flex shrink-0 gap-1">
                {invites && choices.includes(invitation.role) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Resend the invitation of ${invitation.email}`}
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ organizationId, email: invitation.email, role: invitation.role })}
                  >
                    Resend
                  </Button>
                )}
                {cancels && (
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    aria-label={`Cancel the invitation of ${invitation.email}`}
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate({ organizationId, invitationId: invitation.id })}
                  >
                    Cancel
                  </Button>
                )}
              </span>
            </li>
          )}
        </QueryList>
      </div>
    </Card>
  );
}
