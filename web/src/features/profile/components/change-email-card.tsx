import { useState, type FormEvent } from 'react';
import { changeEmailSchema } from '#common/validation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Notice } from '@/components/ui/notice';
import type { SessionUser } from '@/lib/auth-client';
import { changeEmail } from '../api/profile-actions';

export const EMAIL_CHANGED = 'Email changed successfully!';
export const APPROVAL_SENT =
  'A verification email has been sent to your current email address. Please check your inbox and follow the instructions to approve the email change.';

export function ChangeEmailCard({ user }: { user: SessionUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const parsed = changeEmailSchema(user.email).safeParse(newEmail);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a different email address');
      return;
    }
    setPending(true);
    try {
      await changeEmail(parsed.data);
      if (user.emailVerified) {
        setNotice(APPROVAL_SENT);
        setNewEmail('');
      } else {
        setNotice(EMAIL_CHANGED);
        // The whole console shows the address: reload it, after the message has been seen.
        setTimeout(() => window.location.reload(), 1200);
      }
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card title="Change Email" description={`Current address: ${user.email}`}>
      <form className="space-y-3" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />
        {notice && <Notice tone="success">{notice}</Notice>}
        <div className="max-w-md">
          <Label htmlFor="new-email">New email</Label>
          <Input
            id="new-email"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={newEmail.trim() === '' || pending}>
          Change Email
        </Button>
      </form>
    </Card>
  );
}
