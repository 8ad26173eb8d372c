import type { OrganizationDetail } from '#common/organization-page';
import { DeleteOrganizationForm } from '@/components/ui/delete-organization-form';
import { useDeleteOrganization } from '@/features/organizations/api/delete-organization';
import { useGoToOrganizations } from '@/features/organizations/hooks/use-go-to-organizations';
import { DangerZoneSection } from './danger-zone-section';

/** The organization goes once its name is typed, then back to the list. */
export function DeleteOrganization({ organization }: { organization: OrganizationDetail }) {
  const remove = useDeleteOrganization(organization.id, useGoToOrganizations());
  return (
    <DangerZoneSection
      title="Delete organization"
      text="Its members' places, its teams, roles and invitations go. The people keep their accounts. This cannot be undone."
    >
      <DeleteOrganizationForm
        name={organization.name}
        error={remove.error?.message}
        pending={remove.isPending}
        onDelete={(input) => remove.mutate(input)}
      />
    </DangerZoneSection>
  );
}
