import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import type { SessionUser } from '@/lib/auth-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useGenerateBackupCodes } from '../api/generate-backup-codes';
import { AuthenticatorSetup } from './authenticator-setup';
import { BackupCodes } from './backup-codes';
import { PasswordPrompt } from './password-prompt';

/** What the card shows besides its status: one step at a time. */
type Step = 'idle' | 'enable' | 'setup' | 'enabled' | 'regenerate' | 'regenerated' | 'disable';

/**
 * Two-factor sign-in with an authenticator app: turn on (password, QR code or key, a first code,
 * then the backup codes once), make new backup codes (password), turn off (password).
 */
export function TwoFactorCard({ user }: { user: SessionUser }) {
  const [step, setStep] = useState<Step>('idle');
  const enable = useEnableTwoFactor();
  const regenerate = useGenerateBackupCodes();
  const disable = useDisableTwoFactor();
  const on = Boolean(user.twoFactorEnabled);
  const go = (next: Step) => {
    enable.reset();
    regenerate.reset();
    disable.reset();
    setStep(next);
  };
  // Kept from the enable step until the codes are dismissed; a cancelled set-up keeps nothing.
  const setup = enable.data;

  return (
    <Card
      title="Two-factor authentication"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
      actions={<Badge tone={on ? 'green' : 'slate'}>{on ? 'On' : 'Off'}</Badge>}
    >
      <div className="space-y-4">
        {step === 'idle' &&
          (on ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => go('regenerate')}>
                New backup codes
              </Button>
              <Button variant="danger-ghost" onClick={() => go('disable')}>
                Turn off two-factor
              </Button>
            </div>
          ) : (
            <Button onClick={() => go('enable')}>Turn on two-factor</Button>
          ))}
        {step === 'enable' && (
          <PasswordPrompt
            id="two-factor-enable-password"
            submitLabel="Continue"
            pending={enable.isPending}
            error={enable.error?.message}
            onSubmit={(input) => enable.mutate(input, { onSuccess: () => setStep('setup') })}
            onCancel={() => go('idle')}
          >
            Enter your password to set up an authenticator app.
          </PasswordPrompt>
        )}
        {step === 'setup' && setup && (
          <AuthenticatorSetup
            totpURI={setup.totpURI}
            onConfirmed={() => setStep('enabled')}
            onCancel={() => go('idle')}
          />
        )}
        {step === 'enabled' && setup && (
          <>
            <Notice tone="success">Two-factor authentication is on.</Notice>
            <BackupCodes codes={setup.backupCodes} email={user.email} onDone={() => go('idle')} />
          </>
        )}
        {step === 'regenerate' && (
          <PasswordPrompt
            id="two-factor-regenerate-password"
            submitLabel="Make new codes"
            pending={regenerate.isPending}
            error={regenerate.error?.message}
            onSubmit={(input) => regenerate.mutate(input, { onSuccess: () => setStep('regenerated') })}
            onCancel={() => go('idle')}
          >
            Enter your password to make ten new backup codes. The codes you have now will stop working.
          </PasswordPrompt>
        )}
        {step === 'regenerated' && regenerate.data && (
          <BackupCodes codes={regenerate.data} email={user.email} onDone={() => go('idle')} />
        )}
        {step === 'disable' && (
          <PasswordPrompt
            id="two-factor-disable-password"
            submitLabel="Turn off"
            danger
            pending={disable.isPending}
            error={disable.error?.message}
            onSubmit={(input) => disable.mutate(input, { onSuccess: () => go('idle') })}
            onCancel={() => go('idle')}
          >
            Enter your password to turn off two-factor authentication. Sign-in will ask for your password only.
          </PasswordPrompt>
        )}
      </div>
    </Card>
  );
}
