import { useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { DeleteOrganizationForm } from '@/components/ui/delete-organization-form';
import { paths } from '@/config/paths';
import { useDeleteAdminOrganization } from '../api/delete-admin-organization';

/** The danger zone: the organization goes once its name is typed, then back to the list. */
export function DeleteOrganizationCard({ organization }: { organization: { id: string; name: string } }) {
  const navigate = useNavigate();
  const remove = useDeleteAdminOrganization(organization.id);
  return (
    <Card
      title="Danger zone"
      tone="danger"
      description="Deleting the organization removes its members' places, its teams and its invitations. The people keep their accounts. This cannot be undone."
    >
      <DeleteOrganizationForm
        name={organization.name}
        error={remove.error?.message}
        pending={remove.isPending}
        onDelete={(input) =>
          remove.mutate(input, { onSuccess: () => navigate(paths.adminOrganizations, { replace: true }) })
        }
      />
    </Card>
  );
}
