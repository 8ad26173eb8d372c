import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserRow } from '#common/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { useResetTwoFactor } from '../api/reset-two-factor';

/** For a user who lost their authenticator app and backup codes: asks first, then resets. */
export function ResetTwoFactorButton({ user }: { user: AdminUserRow }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetTwoFactor();
  return (
    <>
      <IconButton danger label={`Reset two-factor of ${user.email}`} onClick={() => setAsking(true)}>
        <ShieldOff className="size-4" aria-hidden />
      </IconButton>
      {asking && (
        <ConfirmDialog
          title="Reset two-factor authentication"
          message={`Turn off two-factor authentication for ${user.email} and sign them out everywhere? They will sign in with their password alone until they turn it on again.`}
          confirmLabel="Reset"
          onConfirm={() => reset.mutate(user.id)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
