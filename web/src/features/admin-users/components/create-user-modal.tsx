import { adminCreateUserSchema } from '#common/admin';
import { FormTextField, SelectField } from '@/components/ui/form-fields';
import { useAdminOrganizations } from '@/lib/admin-organizations';
import { shortName } from '@/lib/format';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateUser } from '../api/create-user';
import { ModalForm } from './modal-form';
import { RoleField } from './role-field';

/** The newest organizations offered (the list answers a page at a time): the largest page. */
const ORGANIZATION_CHOICES = { search: '', limit: 100, offset: 0 };

/** Create User: checked by the server's own rule before it is sent. */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const organizations = useAdminOrganizations(ORGANIZATION_CHOICES);
  const create = useCreateUser();
  const form = useZodForm(adminCreateUserSchema, {
    defaultValues: { email: '', password: '', name: '', role: 'user', emailVerified: false, organizationId: '' },
  });
  return (
    <ModalForm
      title="Create User"
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => create.mutate(input, { onSuccess: onClose }))}
      error={create.error?.message}
      submitLabel="Create User"
      pending={create.isPending}
    >
      <FormTextField form={form} name="name" id="create-name" label="Name" />
      <FormTextField form={form} name="email" id="create-email" label="Email" type="email" />
      <FormTextField
        form={form}
        name="password"
        id="create-password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <RoleField form={form} name="role" id="create-role" />
      <SelectField form={form} name="organizationId" id="create-organization" label="Organization (optional)">
        <option value="">No organization</option>
        {organizations.data?.data.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {shortName(organization.name)}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('emailVerified')} />
        Email verified
      </label>
    </ModalForm>
  );
}
