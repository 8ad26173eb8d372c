import { useState } from 'react';
import type { CurrentPasswordInput } from '#common/two-factor';
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

/** The steps that ask for the password first: their button, and what the password is asked for. */
const PASSWORD_STEPS = {
  enable: { submitLabel: 'Continue', danger: false, reason: 'Enter your password to set up an authenticator app.' },
  regenerate: {
    submitLabel: 'Make new codes',
    danger: false,
    reason: 'Enter your password to make ten new backup codes. The codes you have now will stop working.',
  },
  disable: {
    submitLabel: 'Turn off',
    danger: true,
    reason: 'Enter your password to turn off two-factor authentication. Sign-in will ask for your password only.',
  },
} as const;
type PasswordStep = keyof typeof PASSWORD_STEPS;
const isPasswordStep = (step: Step): step is PasswordStep => step in PASSWORD_STEPS;

/** What a password step calls: TanStack Query's mutation result fits. */
interface PasswordCall {
  mutate: (input: CurrentPasswordInput, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: Error | null;
}

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
  // Each password step's call, and where its success leads.
  const calls: Record<PasswordStep, { call: PasswordCall; then: () => void }> = {
    enable: { call: enable, then: () => setStep('setup') },
    regenerate: { call: regenerate, then: () => setStep('regenerated') },
    disable: { call: disable, then: () => go('idle') },
  };
  const asking = isPasswordStep(step) ? { ...PASSWORD_STEPS[step], ...calls[step] } : null;

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
        {asking && (
          <PasswordPrompt
            key={step}
            id={`two-factor-${step}-password`}
            submitLabel={asking.submitLabel}
            danger={asking.danger}
            pending={asking.call.isPending}
            error={asking.call.error?.message}
            onSubmit={(input) => asking.call.mutate(input, { onSuccess: asking.then })}
            onCancel={() => go('idle')}
          >
            {asking.reason}
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
        {step === 'regenerated' && regenerate.data && (
          <BackupCodes codes={regenerate.data} email={user.email} onDone={() => go('idle')} />
        )}
      </div>
    </Card>
  );
}
