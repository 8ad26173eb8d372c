import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/use-zod-form';
import { isInvalidLink, resetPasswordFormSchema, useResetPassword } from '../api/reset-password';
import { PasswordFields } from './password-fields';

const linkClass = 'font-medium text-accent hover:underline';

/**
 * The page a mailed reset link opens (`?token=`), or comes back to with `?error=INVALID_TOKEN` when
 * the link is made up, expired or used: then it says so and offers a new one.
 */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useResetPassword();

  if (!token || params.has('error') || isInvalidLink(reset.error)) {
    return (
      <>
        <ErrorBox message="This password reset link is invalid, has expired or has already been used." />
        <p className="text-center text-sm">
          <Link to={paths.forgotPassword} className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </>
    );
  }
  if (reset.isSuccess) {
    const stillSignedIn = reset.data?.user.email;
    return (
      <>
        <Notice tone="success">
          Your password has been changed, and every session of your account has been signed out.
        </Notice>
        <p className="text-center text-sm">
          {stillSignedIn ? (
            <>
              This browser is still signed in as {stillSignedIn}.{' '}
              <Link to={paths.profile} className={linkClass}>
                Go to your profile
              </Link>
            </>
          ) : (
            <Link to={paths.auth} className={linkClass}>
              Sign in with your new password
            </Link>
          )}
        </p>
      </>
    );
  }
  const onSubmit = form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }));
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <ErrorBox message={reset.error?.message} />
      <PasswordFields form={form} idPrefix="reset" names={['newPassword', 'confirmPassword']} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        Reset password
      </Button>
    </form>
  );
}
