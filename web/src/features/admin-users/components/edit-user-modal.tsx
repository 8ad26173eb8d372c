import type { AdminUserRow } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { updateUserSchema, useUpdateUser } from '../api/update-user';
import { ModalForm } from './modal-form';
import { RoleField } from './role-field';

export function EditUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useZodForm(updateUserSchema, {
    defaultValues: { name: user.name, email: user.email, role: isPlatformAdmin(user.role) ? 'admin' : 'user' },
  });
  return (
    <ModalForm
      title="Edit User"
      onClose={onClose}
      onSubmit={form.handleSubmit((data) => update.mutate({ userId: user.id, data }, { onSuccess: onClose }))}
      error={update.error?.message}
      submitLabel="Save"
      pending={update.isPending}
    >
      <FormTextField form={form} name="name" id="edit-name" label="Name" />
      <FormTextField form={form} name="email" id="edit-email" label="Email" type="email" />
      <RoleField form={form} name="role" id="edit-role" />
    </ModalForm>
  );
}
