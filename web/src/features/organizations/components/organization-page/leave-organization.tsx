import type { OrganizationDetail } from '#common/organization-page';
import { isOwnerRole } from '#common/roles';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { shortName } from '@/lib/format';
import { useLeaveOrganization } from '@/features/organizations/api/leave-organization';
import { useGoToOrganizations } from '@/features/organizations/hooks/use-go-to-organizations';
import { DangerZoneSection } from './danger-zone-section';

/** Anyone leaves; the server keeps the last owner, in words shown here. */
export function LeaveOrganization({ organization }: { organization: OrganizationDetail }) {
  const leave = useLeaveOrganization(organization.id, useGoToOrganizations());
  return (
    <DangerZoneSection
      title="Leave organization"
      text={
        isOwnerRole(organization.role)
          ? 'You lose access to its members, teams and invitations. If you are its only owner, hand it over below first.'
          : 'You lose access to its members, teams and invitations.'
      }
    >
      <ErrorBox message={leave.error?.message} />
      <ConfirmButton
        variant="secondary"
        disabled={leave.isPending}
        title="Leave organization"
        question={`Leave ${shortName(organization.name)}? You will need a new invitation to come back.`}
        confirmLabel="Leave"
        onConfirm={() => leave.mutate()}
      >
        Leave organization
      </ConfirmButton>
    </DangerZoneSection>
  );
}
