import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/use-zod-form';
import { changePasswordFormSchema, useChangePassword } from '../api/change-password';
import { PasswordFields } from './password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice. A refusal keeps what was typed; success clears it. */
export function ChangePasswordForm() {
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const change = useChangePassword();
  const onSubmit = form.handleSubmit((values) => change.mutate(values, { onSuccess: () => form.reset(EMPTY) }));

  return (
    <form className="max-w-md space-y-3" onSubmit={onSubmit} noValidate>
      <ErrorBox message={change.error?.message} />
      <PasswordFields form={form} idPrefix="change" names={['currentPassword', 'newPassword', 'confirmPassword']} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={change.isPending}>
          Change Password
        </Button>
        <Link to={paths.forgotPassword} className="text-sm font-medium text-accent hover:underline">
          Forgot your current password?
        </Link>
      </div>
    </form>
  );
}
