import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { SessionUser } from '@/lib/auth-client';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DeleteGuestAccountDialog } from './delete-guest-account-dialog';

const textClass = 'text-sm text-secondary-foreground';

/**
 * The profile's last card: deleting one's own account, with the password, or, for a guest, who has
 * none, with a plain yes. Shown while impersonating too: the server refuses, and the dialog says why.
 */
export function DeleteAccountCard({ user }: { user: SessionUser }) {
  const [asking, setAsking] = useState(false);
  const close = () => setAsking(false);
  const guest = Boolean(user.isAnonymous);
  return (
    <Card title="Delete account" tone="danger" description="Deleting an account cannot be undone.">
      <div className="space-y-3">
        {guest ? (
          <p className={textClass}>
            This deletes your guest account at once, with everything in it: its sessions, its picture and the
            organizations where you are the only member. A guest account has no password, so nobody can get it back.
          </p>
        ) : (
          <>
            <p className={textClass}>
              This deletes your account and everything in it: your profile and picture, every session, your API keys,
              passkeys and two-factor settings, and the organizations where you are the only member. Invitations you
              sent are withdrawn.
            </p>
            <p className={textClass}>
              If you are the last owner of an organization with other members, make another member an owner or delete
              the organization first.
            </p>
          </>
        )}
        <Button variant="danger" onClick={() => setAsking(true)}>
          Delete account
        </Button>
      </div>
      {asking &&
        (guest ? (
          <DeleteGuestAccountDialog onClose={close} />
        ) : (
          <DeleteAccountDialog email={user.email} onClose={close} />
        ))}
    </Card>
  );
}
