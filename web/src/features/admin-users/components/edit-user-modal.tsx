import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUserRow } from '#common/admin';
import { isPlatformAdmin } from '#common/roles';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { updateUser, useRefreshUsers } from '../api/admin-users';

export function EditUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const refresh = useRefreshUsers();
  const [form, setForm] = useState({
    name: user.name,
    email: user.email,
    role: isPlatformAdmin(user.role) ? 'admin' : 'user',
  });
  const save = useMutation({
    mutationFn: () => updateUser(user.id, { name: form.name.trim(), email: form.email.trim(), role: form.role }),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  return (
    <Modal title="Edit User" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <ErrorBox message={save.error?.message} />
        <FormField id="edit-name" label="Name">
          <Input
            id="edit-name"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </FormField>
        <FormField id="edit-email" label="Email">
          <Input
            id="edit-email"
            type="email"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
        </FormField>
        <FormField id="edit-role" label="Role">
          <Select
            id="edit-role"
            className="block w-full"
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value })}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </Select>
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
