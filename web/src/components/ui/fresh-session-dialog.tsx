import { Fingerprint } from 'lucide-react';
import { useEffect } from 'react';
import { z } from 'zod';
import { useConfirmationMethods, useConfirmWithPasskey, useConfirmWithPassword } from '@/lib/fresh-session';
import { useSession } from '@/lib/session';
import type { FreshSessionPrompt } from '@/lib/use-fresh-session';
import { useZodForm } from '@/lib/use-zod-form';
import { Button } from './button';
import { ErrorBox } from './error-box';
import { Modal } from './modal';
import { Spinner } from './spinner';
import { TextField } from './text-field';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });

const PASSWORD_ID = 'fresh-session-password';

/** The password again; a wrong one says so under the field, which keeps what was typed. */
function PasswordForm({ onConfirmed, onCancel }: Omit<FreshSessionPrompt, 'open'>) {
  const confirm = useConfirmWithPassword();
  const email = useSession().data?.user.email;
  const form = useZodForm(passwordSchema, { defaultValues: { password: '' } });
  const { setFocus } = form;
  // After the dialog has opened (its own effect focuses its first control).
  useEffect(() => setFocus('password'), [setFocus]);
  const submit = form.handleSubmit(({ password }) => confirm.mutate(password, { onSuccess: onConfirmed }));
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {/* For password managers: the account the password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
      <TextField
        id={PASSWORD_ID}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message ?? confirm.error?.message}
        {...form.register('password')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending && <Spinner size="sm" inverse label="Confirming" />}
          Confirm
        </Button>
      </div>
    </form>
  );
}

function PasskeyOption({ onConfirmed, alone }: { onConfirmed: () => void; alone: boolean }) {
  const confirm = useConfirmWithPasskey();
  return (
    <div className="space-y-3">
      {!alone && <p className="text-center text-xs tracking-wide text-muted-foreground uppercase">Or</p>}
      <ErrorBox message={confirm.error?.message} />
      <Button
        variant={alone ? 'primary' : 'secondary'}
        className="w-full"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: onConfirmed })}
      >
        <Fingerprint className="size-4" aria-hidden />
        Use a passkey
      </Button>
    </div>
  );
}

/**
 * Asks the person to confirm it is them, by password or with one of their passkeys, where Better
 * Auth wants a fresh session; driven by `useFreshSession()` (lib/use-fresh-session.ts).
 */
export function FreshSessionDialog({ prompt }: { prompt: FreshSessionPrompt }) {
  if (!prompt.open) return null;
  return <OpenDialog {...prompt} />;
}

function OpenDialog({ onConfirmed, onCancel }: FreshSessionPrompt) {
  const methods = useConfirmationMethods();
  const { password = false, passkey = false } = methods.data ?? {};
  return (
    <Modal
      title="Confirm it's you"
      description="For your security, confirm it's you to continue. You stay signed in."
      onClose={onCancel}
    >
      <div className="mt-4 space-y-4">
        {methods.isPending ? (
          <Spinner label="Loading your sign-in methods" />
        ) : methods.error ? (
          <ErrorBox message={methods.error.message} />
        ) : (
          <>
            {password && <PasswordForm onConfirmed={onConfirmed} onCancel={onCancel} />}
            {passkey && <PasskeyOption onConfirmed={onConfirmed} alone={!password} />}
            {!password && !passkey && (
              <p className="text-sm text-secondary-foreground">
                This account has no password or passkey to confirm it with. Sign out, then sign in again to continue.
              </p>
            )}
          </>
        )}
        {!password && (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
