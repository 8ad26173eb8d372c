import type { AdminUserRow } from '#common/admin';
import { useZodForm } from '@/lib/use-zod-form';
import { banUserSchema, useBanUser } from '../api/ban-user';
import { BanFields } from './ban-fields';
import { ModalForm } from './modal-form';

export function BanUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const ban = useBanUser();
  const form = useZodForm(banUserSchema, { defaultValues: { banReason: '', banExpiresIn: '' } });
  return (
    <ModalForm
      title="Ban User"
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => ban.mutate({ userId: user.id, ...input }, { onSuccess: onClose }))}
      error={ban.error?.message}
      submitLabel="Ban User"
      pending={ban.isPending}
      danger
    >
      <p className="text-sm text-secondary-foreground">
        Ban <strong>{user.name || user.email}</strong>: they are signed out everywhere and cannot sign in until the ban
        ends.
      </p>
      <BanFields form={form} />
    </ModalForm>
  );
}
