import { PasswordPage } from '@/features/password/components/password-page';
import { SetupForm } from '@/features/setup/components/setup-form';

export function Component() {
  return (
    <PasswordPage title="Set up Gatehouse">
      <SetupForm />
    </PasswordPage>
  );
}
