import { lazy, Suspense } from 'react';
import { manualKeyOf, totpCodeFormSchema, TOTP_DIGITS } from '#common/two-factor';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { FormActions } from './form-actions';

const TotpQrCode = lazy(() => import('./totp-qr-code').then((module) => ({ default: module.TotpQrCode })));

/**
 * The app's side of the set-up: scan the QR code or type the key, then prove it with a first code.
 * A wrong code says so and stays in the field to be corrected.
 */
export function AuthenticatorSetup({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useZodForm(totpCodeFormSchema, { defaultValues: { code: '' } });
  const key = manualKeyOf(totpURI);
  const onSubmit = form.handleSubmit((input) => confirm.mutate(input, { onSuccess: onConfirmed }));

  return (
    <div className="space-y-4">
      <p className="text-sm text-secondary-foreground">
        Scan this QR code with your authenticator app, or enter the key by hand. Then type the code the app shows.
      </p>
      <div className="flex flex-wrap items-start gap-6">
        <Suspense fallback={<Spinner label="Loading the QR code" />}>
          <TotpQrCode uri={totpURI} />
        </Suspense>
        {key && (
          <div className="flex min-w-64 flex-1 items-end gap-1">
            <div className="flex-1">
              <TextField id="two-factor-setup-key" label="Setup key" readOnly value={key} />
            </div>
            <CopyButton value={key.replace(/ /g, '')} label="Copy setup key" className="mb-1.5" />
          </div>
        )}
      </div>
      <form className="space-y-3" onSubmit={onSubmit} noValidate>
        <ErrorBox message={confirm.error?.message} />
        <div className="max-w-xs">
          <FormTextField
            form={form}
            name="code"
            id="two-factor-setup-code"
            label={`${TOTP_DIGITS}-digit code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
        </div>
        <FormActions submitLabel="Confirm" pending={confirm.isPending} onCancel={onCancel} />
      </form>
    </div>
  );
}
