import type { ReactNode } from 'react';
import { currentPasswordSchema, type CurrentPasswordInput } from '#common/two-factor';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { FormActions } from './form-actions';

/**
 * Every change to two-factor sign-in starts here: the current password again, so that a browser
 * left signed in is not enough. A wrong password shows the server's words and keeps what was typed.
 */
export function PasswordPrompt({
  id,
  children,
  submitLabel,
  danger = false,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  id: string;
  /** What the password is asked for. */
  children: ReactNode;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (input: CurrentPasswordInput) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(currentPasswordSchema, { defaultValues: { password: '' } });
  return (
    <form className="space-y-3" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <p className="text-sm text-secondary-foreground">{children}</p>
      <ErrorBox message={error} />
      <div className="max-w-sm">
        <FormTextField
          form={form}
          name="password"
          id={id}
          label="Current password"
          type="password"
          autoComplete="current-password"
          autoFocus
        />
      </div>
      <FormActions submitLabel={submitLabel} pending={pending} danger={danger} onCancel={onCancel} />
    </form>
  );
}
