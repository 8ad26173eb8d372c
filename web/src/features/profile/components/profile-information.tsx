import type { ReactNode } from 'react';
import { isPlatformAdmin } from '#common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import type { SessionUser } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { useUploadAvatar } from '../api/upload-avatar';
import { AvatarPicker } from './avatar-picker';
import { ProfileName } from './profile-name';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:items-center">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

export function ProfileInformation({ user }: { user: SessionUser }) {
  const avatar = useUploadAvatar();
  const verify = useSendVerificationEmail();
  const isAnonymous = Boolean(user.isAnonymous);
  // One box for the card's two actions: the failure of the last one tried.
  const error = avatar.submittedAt > verify.submittedAt ? avatar.error : verify.error;

  return (
    <Card title="Profile Information">
      <ErrorBox message={error?.message} />
      <div className="mt-4 flex items-center gap-4">
        <AvatarPicker user={user} pending={avatar.isPending} onPick={(file) => avatar.mutate(file)} />
        <div className="min-w-0">
          <p className="truncate text-lg font-medium">{user.name || user.email}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>

      <dl className="mt-4 divide-y divide-separator">
        <Row label="Name">
          <ProfileName name={user.name} />
        </Row>
        <Row label="Email">
          <span className="flex flex-wrap items-center gap-2">
            <span>{user.email}</span>
            {user.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}
            {!user.emailVerified && !isAnonymous && (
              <Button
                variant="secondary"
                size="sm"
                disabled={verify.isPending}
                onClick={() => verify.mutate(user.email)}
              >
                Send Verification
              </Button>
            )}
          </span>
        </Row>
        <Row label="Account Type">
          <span className="flex items-center gap-2">
            {isAnonymous ? 'Anonymous' : 'Registered'}
            <Badge tone={isPlatformAdmin(user.role) ? 'indigo' : 'slate'}>{user.role ?? 'user'}</Badge>
          </span>
        </Row>
        <Row label="Member Since">{formatDate(user.createdAt)}</Row>
      </dl>
    </Card>
  );
}
