import { Eye, EyeOff, Fingerprint } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SignUpInput } from '#common/validation';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { refreshSession } from '@/lib/session-store';
import { AuthActionError, loadAuthClient, signIn, signInAsGuest, signInWithPasskey, signUp } from '../api/auth-actions';

type Mode = 'sign-in' | 'sign-up';
type Field = keyof SignUpInput;
type FieldErrors = Partial<Record<Field, string>>;

/** In the order the form shows them: the first invalid one gets the focus. */
const FIELDS: Field[] = ['name', 'email', 'password'];

// zod and the Better Auth client are large and the screen shows without them: they load once the
// person starts using the form, so they are usually there by the time it is sent.
const loadSchemas = () => import('#common/validation');
const prepare = () => {
  void loadSchemas().catch(() => undefined);
  void loadAuthClient().catch(() => undefined);
};

/** The shared schemas' verdict: the parsed values (trimmed), or the first message per field. */
async function validate(
  mode: Mode,
  values: SignUpInput,
): Promise<{ data: SignUpInput; errors?: undefined } | { data?: undefined; errors: FieldErrors }> {
  const { signInSchema, signUpSchema } = await loadSchemas();
  const result = (mode === 'sign-up' ? signUpSchema : signInSchema).safeParse(values);
  // Sign-in has no name to check: it keeps what was typed for a switch back to sign-up.
  if (result.success) return { data: { name: values.name, ...result.data } };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

const fieldError = (message: string | undefined, id: string) =>
  message ? (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  ) : null;

export function AuthForm() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [guestPending, setGuestPending] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [values, setValues] = useState<SignUpInput>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Once sent, a field is checked again as it changes, so its message goes as soon as it is fixed.
  const [submitted, setSubmitted] = useState(false);
  const busy = isSubmitting || guestPending || passkeyPending;

  const finish = async (to: string) => {
    await refreshSession();
    await navigate(to, { replace: true });
  };

  // Offer passkeys in the browser's autofill where it can (conditional mediation). It waits quietly
  // until the person picks one; any other sign-in aborts it.
  useEffect(() => {
    let active = true;
    void (async () => {
      const available = await window.PublicKeyCredential?.isConditionalMediationAvailable?.().catch(() => false);
      if (!available || !active) return;
      try {
        await signInWithPasskey({ autoFill: true });
        if (active) await finish(paths.profile);
      } catch {
        // Aborted or declined: the other ways to sign in stay on screen.
      }
    })();
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit of the screen
  }, []);

  const signInPasskey = async () => {
    setError(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey();
      await finish(paths.profile);
    } catch (caught) {
      setError(caught instanceof AuthActionError ? caught.message : 'auth cancelled');
      setPasskeyPending(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as Field;
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (!submitted) return;
    // If the validation code cannot be fetched, the next submit says so.
    validate(mode, next).then(
      (verdict) => setErrors((shown) => ({ ...shown, [name]: verdict.errors?.[name] })),
      () => undefined,
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setSubmitting(true);
    try {
      const verdict = await validate(mode, values);
      setErrors(verdict.errors ?? {});
      if (!verdict.data) {
        const first = FIELDS.find((name) => verdict.errors[name]);
        if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
        return;
      }
      setError(null);
      try {
        if (mode === 'sign-up') await signUp(verdict.data);
        else await signIn({ email: verdict.data.email, password: verdict.data.password });
        await finish(paths.profile);
      } catch (caught) {
        setError(caught instanceof AuthActionError ? caught.message : 'An error occurred');
      }
    } catch {
      // The validation code could not be fetched (network down).
      setError('An error occurred');
    } finally {
      setSubmitting(false);
    }
  };

  const continueAsGuest = async () => {
    setError(null);
    setGuestPending(true);
    try {
      await signInAsGuest();
      await finish(paths.dashboard);
    } catch (caught) {
      setError(caught instanceof AuthActionError ? caught.message : 'Anonymous login failed');
      setGuestPending(false);
    }
  };

  const toggleMode = () => {
    setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
    setError(null);
    setErrors({});
  };

  return (
    <div
      className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm"
      onFocus={prepare}
      onPointerDown={prepare}
    >
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">
        {mode === 'sign-in' ? 'Sign in to your account' : 'Create your account'}
      </h1>

      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error} />

        {mode === 'sign-up' && (
          <div>
            <Label htmlFor="name">Full name</Label>
            <Input
              id="name"
              autoComplete="name"
              required
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'name-error' : undefined}
              name="name"
              value={values.name}
              onChange={onChange}
            />
            {fieldError(errors.name, 'name-error')}
          </div>
        )}

        <div>
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            type="email"
            autoComplete={mode === 'sign-in' ? 'username webauthn' : 'email'}
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            name="email"
            value={values.email}
            onChange={onChange}
          />
          {fieldError(errors.email, 'email-error')}
        </div>

        <div>
          <Label htmlFor="password">Password</Label>
          <div className="relative">
            <Input
              id="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
              required
              endButton
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              name="password"
              value={values.password}
              onChange={onChange}
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-slate-500 hover:text-slate-700"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
            >
              {showPassword ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            </button>
          </div>
          {fieldError(errors.password, 'password-error')}
        </div>

        <Button type="submit" className="w-full" disabled={busy}>
          {isSubmitting && <Spinner size="sm" inverse label="Submitting" />}
          {mode === 'sign-in' ? 'Sign in' : 'Create account'}
        </Button>
      </form>

      <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        Or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <div className="space-y-3">
        <Button variant="secondary" className="w-full" onClick={signInPasskey} disabled={busy}>
          {passkeyPending ? (
            <Spinner size="sm" label="Waiting for the passkey" />
          ) : (
            <Fingerprint className="size-4" aria-hidden />
          )}
          Sign in with a passkey
        </Button>
        <Button variant="secondary" className="w-full" onClick={continueAsGuest} disabled={busy}>
          {guestPending && <Spinner size="sm" label="Signing in as guest" />}
          Continue as Guest
        </Button>
      </div>

      <p className="mt-6 text-center text-sm text-slate-600">
        {mode === 'sign-in' ? "Don't have an account? " : 'Already have an account? '}
        <button type="button" className="font-medium text-indigo-600 hover:underline" onClick={toggleMode}>
          {mode === 'sign-in' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </div>
  );
}
