import { Fingerprint } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FreshSessionDialog } from '@/components/ui/fresh-session-dialog';
import { Spinner } from '@/components/ui/spinner';
import type { SessionUser } from '@/lib/auth-client';
import { RequestError } from '@/lib/errors';
import { useSignOut } from '@/lib/session';
import { useFreshSession } from '@/lib/use-fresh-session';
import { cancelPasskeyCeremony, SESSION_NOT_FRESH, useAddPasskey } from '../api/add-passkey';
import { PasskeysTable } from './passkeys-table';

export function PasskeysCard({ user }: { user: SessionUser }) {
  const fresh = useFreshSession();
  const add = useAddPasskey(fresh.run);
  const signOut = useSignOut();
  const stale = add.error instanceof RequestError && add.error.code === SESSION_NOT_FRESH;

  return (
    <Card
      title="Passkeys"
      description="Sign in with your device's screen lock, a security key or a password manager instead of a password."
      actions={
        add.isPending ? (
          <span className="flex items-center gap-2">
            <Spinner size="sm" label="Waiting for the passkey" />
            <Button variant="secondary" onClick={cancelPasskeyCeremony}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button onClick={() => add.mutate(`${user.name || user.email}'s Passkey`)}>
            <Fingerprint className="size-4" aria-hidden />
            Add Passkey
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <ErrorBox message={add.error?.message} />
        {stale && (
          <Button variant="secondary" onClick={signOut}>
            Sign in again
          </Button>
        )}
        <PasskeysTable />
        <FreshSessionDialog prompt={fresh.prompt} />
      </div>
    </Card>
  );
}
