import type { AdminOrganizationDetail } from '#common/admin';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { useCancelOrganizationInvitation } from '../api/cancel-organization-invitation';
import { DetailTableCard } from './detail-table-card';

type Invitation = AdminOrganizationDetail['invitations'][number];

/** Cancel, at once: a cancelled invitation can always be sent again. */
function CancelInvitationButton({ organizationId, invitation }: { organizationId: string; invitation: Invitation }) {
  const cancel = useCancelOrganizationInvitation(organizationId);
  return (
    <Button
      variant="danger-ghost"
      size="sm"
      aria-label={`Cancel the invitation of ${invitation.email}`}
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(invitation.id)}
    >
      Cancel
    </Button>
  );
}

/** The invitations still waiting for an answer, each with Cancel. */
export function OrganizationInvitationsCard({
  organizationId,
  invitations,
}: {
  organizationId: string;
  invitations: Invitation[];
}) {
  const columns: Column<Invitation>[] = [
    { header: 'Email', cell: (invitation) => invitation.email, className: 'font-medium' },
    { header: 'Role', cell: (invitation) => invitation.role },
    { header: 'Invited by', cell: (invitation) => invitation.inviterEmail ?? '—' },
    { header: 'Expires', cell: (invitation) => formatDateTime(invitation.expiresAt) },
    {
      header: 'Actions',
      cell: (invitation) => <CancelInvitationButton organizationId={organizationId} invitation={invitation} />,
    },
  ];
  return (
    <DetailTableCard
      title="Pending invitations"
      columns={columns}
      rows={invitations}
      empty="No pending invitations."
      rowTestId="invitation-row"
    />
  );
}
