import { useState } from 'react';
import { secondFactorSchema, TOTP_DIGITS, TRUST_DEVICE_DAYS } from '#common/two-factor';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { toRequestError, type RequestError } from '@/lib/errors';
import { useZodForm } from '@/lib/use-zod-form';
import { verifySecondFactor } from '../api/verify-second-factor';
import { TextButton } from './text-button';

/**
 * After a correct password on an account with two-factor on: a code from the authenticator app, or
 * one of the backup codes, and "trust this device". A wrong code says so and stays in the field.
 */
export function SecondFactorForm({ onSignedIn, onBack }: { onSignedIn: () => Promise<void>; onBack: () => void }) {
  const form = useZodForm(secondFactorSchema, { defaultValues: { method: 'totp', code: '', trustDevice: false } });
  const [error, setError] = useState<RequestError | null>(null);
  const backup = form.watch('method') === 'backup';

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await verifySecondFactor(input);
      await onSignedIn();
    } catch (caught) {
      setError(toRequestError(caught, 'Failed to verify the code'));
    }
  });
  const switchMethod = () => {
    form.reset({ ...form.getValues(), method: backup ? 'totp' : 'backup', code: '' });
    setError(null);
  };

  return (
    <>
      <h1 className="text-center text-2xl font-semibold tracking-tight">Two-factor authentication</h1>
      <p className="mt-2 mb-6 text-center text-sm text-secondary-foreground">
        {backup
          ? 'Enter one of the backup codes you saved. Each code works once.'
          : `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`}
      </p>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error?.message} />
        <FormTextField
          form={form}
          name="code"
          id="second-factor-code"
          label={backup ? 'Backup code' : 'Authentication code'}
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete={backup ? 'off' : 'one-time-code'}
          autoFocus
        />
        <label className="flex items-center gap-2 text-sm text-secondary-foreground">
          <input type="checkbox" className="size-4 rounded border-input" {...form.register('trustDevice')} />
          Trust this device for {TRUST_DEVICE_DAYS} days
        </label>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          Verify
        </Button>
      </form>
      <div className="mt-6 flex justify-between text-sm">
        <TextButton onClick={switchMethod}>{backup ? 'Use your authenticator app' : 'Use a backup code'}</TextButton>
        <TextButton tone="muted" onClick={onBack}>
          Back to sign in
        </TextButton>
      </div>
    </>
  );
}
