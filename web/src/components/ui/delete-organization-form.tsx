import { adminDeleteOrganizationSchema, organizationConfirmationText } from '#common/admin';
import { useZodForm } from '@/lib/use-zod-form';
import { Button } from './button';
import { ErrorBox } from './error-box';
import { FormTextField } from './form-fields';

/**
 * Deleting an organization, by whoever may: its name typed exactly (the button waits for it; the
 * server compares it too). A name stored before the name rule is asked for as it can be typed
 * (`organizationConfirmationText`). The admin's screen and the organization's own page both use it.
 */
export function DeleteOrganizationForm({
  name,
  error,
  pending,
  onDelete,
}: {
  name: string;
  error: string | undefined;
  pending: boolean;
  onDelete: (input: { confirmName: string }) => void;
}) {
  const form = useZodForm(adminDeleteOrganizationSchema, { defaultValues: { confirmName: '' } });
  const confirmation = organizationConfirmationText(name);
  const matches = form.watch('confirmName') === confirmation;
  return (
    <form className="max-w-md space-y-3" onSubmit={form.handleSubmit(onDelete)} noValidate>
      <ErrorBox message={error} />
      <p className="text-sm text-secondary-foreground">
        Type <strong className="font-semibold break-words">{confirmation}</strong> to confirm.
      </p>
      <FormTextField
        form={form}
        name="confirmName"
        id="delete-organization-name"
        label="Organization name"
        autoComplete="off"
        spellCheck={false}
      />
      <Button type="submit" variant="danger" disabled={!matches || pending}>
        Delete organization
      </Button>
    </form>
  );
}
