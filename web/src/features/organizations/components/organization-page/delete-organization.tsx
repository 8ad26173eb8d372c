import { organizationConfirmationText } from '#common/admin';
import { deleteOrganizationSchema, type OrganizationDetail } from '#common/organization-page';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { useDeleteOrganization } from '@/features/organizations/api/delete-organization';
import { useGoToOrganizations } from '@/features/organizations/hooks/use-go-to-organizations';
import { DangerZoneSection } from './danger-zone-section';

/**
 * The organization goes once its name is typed exactly (the button waits for it), then back to the
 * list. The server compares the name too. A name stored before the name rule is asked for as it
 * can be typed (`organizationConfirmationText`).
 */
export function DeleteOrganization({ organization }: { organization: OrganizationDetail }) {
  const remove = useDeleteOrganization(organization.id, useGoToOrganizations());
  const form = useZodForm(deleteOrganizationSchema, { defaultValues: { confirmName: '' } });
  const confirmation = organizationConfirmationText(organization.name);
  const matches = form.watch('confirmName') === confirmation;
  const submit = form.handleSubmit((values) => remove.mutate(values));
  return (
    <DangerZoneSection
      title="Delete organization"
      text="Its members' places, its teams, roles and invitations go. The people keep their accounts. This cannot be undone."
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
    </DangerZoneSection>
  );
}
