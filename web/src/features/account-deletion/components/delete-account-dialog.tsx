import { useEffect } from 'react';
import { deleteAccountSchema } from '#common/account-deletion';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { PasswordField } from '@/components/ui/password-field';
import { useZodForm } from '@/lib/use-zod-form';
import { useDeleteAccount } from '../api/delete-account';
import { DeletionActions } from './deletion-actions';

/**
 * The password, then the deletion. A refusal (a wrong password, an organization that would be left
 * without an owner, an impersonation) shows here in the server's words; the dialog stays open and
 * keeps what was typed, as the other password forms do.
 */
export function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const form = useZodForm(deleteAccountSchema, { defaultValues: { password: '' } });
  const remove = useDeleteAccount();
  const { setFocus } = form;
  // After the dialog has opened (its own effect runs first and focuses its first control).
  useEffect(() => setFocus('password'), [setFocus]);
  const submit = form.handleSubmit((values) => remove.mutate(values));
  return (
    <Modal
      title="Delete your account?"
      description="Your account and everything in it will be deleted, and every session of it signed out. This cannot be undone."
      onClose={onClose}
      alert
    >
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        {/* For password managers: the account the password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <ErrorBox message={remove.error?.message} />
        <PasswordField
          id="delete-account-password"
          label="Password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <DeletionActions pending={remove.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
