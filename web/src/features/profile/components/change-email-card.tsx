import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { Notice } from '@/components/ui/notice';
import type { SessionUser } from '@/lib/auth-client';
import { useZodForm } from '@/lib/use-zod-form';
import { changeEmailFormSchema, useChangeEmail } from '../api/change-email';

export const EMAIL_CHANGED = 'Email changed successfully!';
export const APPROVAL_SENT =
  'A verification email has been sent to your current email address. Please check your inbox and follow the instructions to approve the email change.';

export function ChangeEmailCard({ user }: { user: SessionUser }) {
  const schema = useMemo(() => changeEmailFormSchema(user.email), [user.email]);
  const form = useZodForm(schema, { defaultValues: { newEmail: '' } });
  const change = useChangeEmail();

  const onSubmit = form.handleSubmit(({ newEmail }) =>
    change.mutate(newEmail, {
      onSuccess: () => {
        if (user.emailVerified) form.reset();
        // The whole console shows the address: reload it, after the message has been seen.
        else setTimeout(() => window.location.reload(), 1200);
      },
    }),
  );

  return (
    <Card title="Change Email" description={`Current address: ${user.email}`}>
      <form className="space-y-3" onSubmit={onSubmit} noValidate>
        <ErrorBox message={change.error?.message} />
        {change.isSuccess && <Notice tone="success">{user.emailVerified ? APPROVAL_SENT : EMAIL_CHANGED}</Notice>}
        <div className="max-w-md">
          <FormTextField
            form={form}
            name="newEmail"
            id="new-email"
            label="New email"
            type="email"
            autoComplete="email"
          />
        </div>
        <Button type="submit" disabled={!form.watch('newEmail').trim() || change.isPending}>
          Change Email
        </Button>
      </form>
    </Card>
  );
}
