import { IMPERSONATION_REASON_MAX_LENGTH, type AdminUserRow } from '#common/admin';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { impersonateUserSchema, useImpersonateUser } from '../api/impersonate-user';
import { ModalForm } from './modal-form';

/** Asks why before an admin acts as someone: the reason goes into the audit trail. */
export function ImpersonateUserModal({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const impersonate = useImpersonateUser();
  const form = useZodForm(impersonateUserSchema, { defaultValues: { reason: '' } });
  return (
    <ModalForm
      title="Impersonate User"
      onClose={onClose}
      onSubmit={form.handleSubmit(({ reason }) => impersonate.mutate({ userId: user.id, reason }))}
      error={impersonate.error?.message}
      submitLabel="Impersonate"
      pending={impersonate.isPending || impersonate.isSuccess}
    >
      <p className="text-sm text-secondary-foreground">
        Act as <strong>{user.name || user.email}</strong> for a limited time. Their password, email, two-factor,
        passkeys, API keys and sessions stay out of reach, and the reason is kept in the audit trail.
      </p>
      <FormTextField
        form={form}
        name="reason"
        id="impersonation-reason"
        label="Reason"
        maxLength={IMPERSONATION_REASON_MAX_LENGTH}
        autoFocus
      />
    </ModalForm>
  );
}
