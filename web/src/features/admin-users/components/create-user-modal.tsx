import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminCreateUserSchema } from '#common/admin';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { adminOrganizationsQuery } from '@/lib/admin-organizations';
import { createUser, useRefreshUsers } from '../api/admin-users';

export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const refresh = useRefreshUsers();
  const organizations = useQuery(adminOrganizationsQuery);
  const [form, setForm] = useState({
    email: '',
    password: '',
    name: '',
    role: 'user' as 'user' | 'admin',
    emailVerified: false,
    organizationId: '',
  });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    onError: (caught) => setError(caught.message),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminCreateUserSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to create user');
      return;
    }
    setError(null);
    create.mutate(form);
  };
  return (
    <Modal title="Create User" onClose={onClose}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />
        <FormField id="create-name" label="Name">
          <Input id="create-name" value={form.name} onChange={(event) => set('name', event.target.value)} />
        </FormField>
        <FormField id="create-email" label="Email">
          <Input
            id="create-email"
            type="email"
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </FormField>
        <FormField id="create-password" label="Password">
          <Input
            id="create-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
          />
        </FormField>
        <FormField id="create-role" label="Role">
          <Select
            id="create-role"
            className="block w-full"
            value={form.role}
            onChange={(event) => set('role', event.target.value as 'user' | 'admin')}
          >
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </Select>
        </FormField>
        <FormField id="create-organization" label="Organization (optional)">
          <Select
            id="create-organization"
            className="block w-full"
            value={form.organizationId}
            onChange={(event) => set('organizationId', event.target.value)}
          >
            <option value="">No organization</option>
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </Select>
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.emailVerified}
            onChange={(event) => set('emailVerified', event.target.checked)}
          />
          Email verified
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create User
          </Button>
        </div>
      </form>
    </Modal>
  );
}
