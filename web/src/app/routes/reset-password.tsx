import { PasswordPage } from '@/features/password/components/password-page';
import { ResetPasswordForm } from '@/features/password/components/reset-password-form';

export function Component() {
  return (
    <PasswordPage title="Choose a new password">
      <ResetPasswordForm />
    </PasswordPage>
  );
}
