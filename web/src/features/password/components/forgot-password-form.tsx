import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { Notice } from '@/components/ui/notice';
import { useZodForm } from '@/lib/use-zod-form';
import { forgotPasswordSchema, useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for a reset link by email; says the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email));

  if (request.isSuccess) {
    return (
      <>
        <Notice tone="success">
          If an account exists for {request.variables}, we have sent it a link to choose a new password. The link works
          once, within 1 hour.
        </Notice>
        <Button variant="secondary" className="w-full" onClick={() => request.reset()}>
          Use another address
        </Button>
      </>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-secondary-foreground">
        Enter the email address of your account: we will send you a link to choose a new password.
      </p>
      <ErrorBox message={request.error?.message} />
      <FormTextField form={form} name="email" id="forgot-email" label="Email" type="email" autoComplete="email" />
      <Button type="submit" className="w-full" disabled={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
