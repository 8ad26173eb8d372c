import { can } from '#common/organization-roles';
import type { OrganizationDetail } from '#common/organization-page';
import { isOwnerRole } from '#common/roles';
import { Card } from '@/components/ui/card';
import { DeleteOrganization } from './delete-organization';
import { LeaveOrganization } from './leave-organization';
import { TransferOwnership } from './transfer-ownership';

/** Leaving (anyone), handing over (owners) and deleting (those whose role may), in a red card. */
export function DangerZoneCard({ organization }: { organization: OrganizationDetail }) {
  return (
    <Card title="Danger zone" tone="danger">
      <div className="space-y-4">
        <LeaveOrganization organization={organization} />
        {isOwnerRole(organization.role) && <TransferOwnership organization={organization} />}
        {can(organization.permissions, 'organization', 'delete') && <DeleteOrganization organization={organization} />}
      </div>
    </Card>
  );
}
