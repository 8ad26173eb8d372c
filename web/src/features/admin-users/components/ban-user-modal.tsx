import { BAN_DURATION_SUGGESTIONS, type AdminUserRow } from '#common/admin';
import { Button } from '@/components/ui/button';
import { useZodForm } from '@/lib/use-zod-form';
import { banUserSchema, useBanUser } from '../api/ban-user';
import { FormTextField } from './fields';
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
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Ban <strong>{user.name || user.email}</strong>: they are signed out everywhere and cannot sign in until the ban
        ends.
      </p>
      <FormTextField form={form} name="banReason" id="ban-reason" label="Reason" maxLength={200} />
      <FormTextField
        form={form}
        name="banExpiresIn"
        id="ban-duration"
        label="Duration in seconds (empty for permanent)"
        inputMode="numeric"
      />
      <div className="flex flex-wrap gap-2">
        {BAN_DURATION_SUGGESTIONS.map((suggestion) => (
          <Button
            key={suggestion.seconds}
            variant="secondary"
            size="sm"
            onClick={() => form.setValue('banExpiresIn', String(suggestion.seconds), { shouldValidate: true })}
          >
            {suggestion.label}
          </Button>
        ))}
      </div>
    </ModalForm>
  );
}
