import { ACCEPTED_IMAGE_TYPES } from '#common/images';
import { useRef } from 'react';
import { organizationSettingsSchema, type OrganizationDetail } from '#common/organization-page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { useRemoveOrganizationLogo } from '@/features/organizations/api/remove-organization-logo';
import { useUpdateOrganization } from '@/features/organizations/api/update-organization';
import { useUploadOrganizationLogo } from '@/features/organizations/api/upload-organization-logo';

function LogoField({ organization }: { organization: OrganizationDetail }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadOrganizationLogo(organization.id);
  const remove = useRemoveOrganizationLogo(organization.id);
  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Avatar name={organization.name} image={organization.logo} size="lg" />
      <Button variant="secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
        {organization.logo ? 'Change logo' : 'Upload logo'}
      </Button>
      {organization.logo && (
        <Button variant="danger-ghost" size="sm" disabled={busy} onClick={() => remove.mutate()}>
          Remove logo
        </Button>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Logo file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that picking the same file again is a change too.
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
    </div>
  );
}

/** The organization's name, slug and logo, for those whose role may update it. */
export function SettingsCard({ organization }: { organization: OrganizationDetail }) {
  const update = useUpdateOrganization(organization.id);
  const form = useZodForm(organizationSettingsSchema, {
    defaultValues: { name: organization.name, slug: organization.slug },
  });
  const submit = form.handleSubmit((values) => update.mutate(values, { onSuccess: () => form.reset(values) }));
  return (
    <Card title="Settings">
      <div className="space-y-6">
        <LogoField organization={organization} />
        <form className="max-w-md space-y-3" onSubmit={submit} noValidate>
          <ErrorBox message={update.error?.message} />
          <FormTextField form={form} name="name" id="organization-settings-name" label="Name" />
          <FormTextField
            form={form}
            name="slug"
            id="organization-settings-slug"
            label="Slug"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" disabled={!form.formState.isDirty || update.isPending}>
            Save
          </Button>
        </form>
      </div>
    </Card>
  );
}
