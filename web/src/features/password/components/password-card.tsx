import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { QueryView } from '@/components/ui/query-view';
import type { SessionUser } from '@/lib/auth-client';
import { useConfirmationMethods } from '@/lib/fresh-session';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { ChangePasswordForm } from './change-password-form';

/**
 * Change the password (the other sessions end, and the owner gets a mail), or, for an account made
 * without one, get a link by mail to set it.
 */
export function PasswordCard({ user }: { user: SessionUser }) {
  const methods = useConfirmationMethods();
  return (
    <Card title="Password" description="Changing it signs out every other session of your account.">
      <QueryView query={methods} empty={null} isEmpty={() => false}>
        {({ password }) => (password ? <ChangePasswordForm /> : <SetPasswordByMail email={user.email} />)}
      </QueryView>
    </Card>
  );
}

function SetPasswordByMail({ email }: { email: string }) {
  const request = useRequestPasswordReset();
  return (
    <div className="space-y-3">
      <p className="text-sm text-secondary-foreground">
        Your account has no password yet. We can mail a link to {email} to set one.
      </p>
      <ErrorBox message={request.error?.message} />
      {request.isSuccess ? (
        <Notice tone="success">The link is on its way to {email}. It works once, within 1 hour.</Notice>
      ) : (
        <Button variant="secondary" disabled={request.isPending} onClick={() => request.mutate(email)}>
          Email me a link
        </Button>
      )}
    </div>
  );
}
