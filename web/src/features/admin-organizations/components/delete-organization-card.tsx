import { useNavigate } from 'react-router';
import { adminDeleteOrganizationSchema, organizationConfirmationText } from '#common/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/use-zod-form';
import { useDeleteAdminOrganization } from '../api/delete-admin-organization';

/**
 * The danger zone: the organization goes once its name is typed exactly (the button waits for it),
 * then back to the list. The server compares the name too. A name stored before the name rule is
 * asked for as it can be typed: without line breaks, its first 100 characters.
 */
export function DeleteOrganizationCard({ organization }: { organization: { id: string; name: string } }) {
  const navigate = useNavigate();
  const remove = useDeleteAdminOrganization(organization.id);
  const form = useZodForm(adminDeleteOrganizationSchema, { defaultValues: { confirmName: '' } });
  const confirmation = organizationConfirmationText(organization.name);
  const matches = form.watch('confirmName') === confirmation;
  const submit = form.handleSubmit((values) =>
    remove.mutate(values, { onSuccess: () => navigate(paths.adminOrganizations, { replace: true }) }),
  );
  return (
    <Card
      title="Danger zone"
      tone="danger"
      description="Deleting the organization removes its members' places, its teams and its invitations. The people keep their accounts. This cannot be undone."
    >
      <form className="max-w-md space-y-3" onSubmit={submit} noValidate>
        <ErrorBox message={remove.error?.message} />
        <p className="text-sm text-secondary-foreground">
          Type <strong className="font-semibold break-all">{confirmation}</strong> to confirm.
        </p>
        <FormTextField
          form={form}
          name="confirmName"
          id="delete-organization-name"
          label="Organization name"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
          Delete organization
        </Button>
      </form>
    </Card>
  );
}
