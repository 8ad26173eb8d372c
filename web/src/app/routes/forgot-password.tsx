import { ForgotPasswordForm } from '@/features/password/components/forgot-password-form';
import { PasswordPage } from '@/features/password/components/password-page';

export function Component() {
  return (
    <PasswordPage title="Forgot your password?">
      <ForgotPasswordForm />
    </PasswordPage>
  );
}
