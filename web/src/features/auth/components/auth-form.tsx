import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { PageTitle } from '@/components/ui/page-title';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { loadAuthClient } from '@/lib/load-auth-client';
import { signIn } from '../api/sign-in';
import type { SignInOptions } from '#common/identity-providers';
import { signInAsGuest } from '../api/sign-in-as-guest';
import { signInWithProvider } from '../api/sign-in-with-provider';
import { signInWithPasskey } from '../api/sign-in-with-passkey';
import { signUp } from '../api/sign-up';
import type { MailSignInWay } from '../api/send-sign-in-mail';
import { loadSchemas, useCredentialsForm, type AuthMode } from '../hooks/use-credentials-form';
import { usePasskeyAutofill } from '../hooks/use-passkey-autofill';
import { useSignInAttempt } from '../hooks/use-sign-in-attempt';
import { MailSignInStep } from './mail-sign-in-step';
import { OtherSignIns } from './other-sign-ins';
import { SecondFactorStep } from './second-factor-step';
import { TextButton } from './text-button';

// The rules and the Better Auth client load as soon as the person starts using the form, so they
// are usually there by the time it is sent.
const prepare = () => {
  void loadSchemas().catch(() => undefined);
  void loadAuthClient().catch(() => undefined);
};

/**
 * Sign in or sign up (a link toggles), with a passkey (button or autofill), or as a guest. A guest
 * (signed in already, and kept by the server when they sign up or in) gets no guest button, and the
 * name they chose is the sign-up form's. When an application asked for the sign-in
 * (`forApplication`), every way in goes on to it (the api calls), and there is no guest button: a
 * guest account cannot sign in to applications. A button per configured identity provider leaves
 * for its sign-in page (an application's request goes along, and the provider's return goes on to
 * it); a refused one comes back here with its reason (`returnError`). When the server offers it, a
 * link or a code by mail signs in too; a sign-in held for its second factor (`secondFactor`: a
 * mailed link's or a provider's return) opens on that step.
 */
export function AuthForm({
  guest,
  initialMode = 'sign-in',
  forApplication,
  options = { providers: [], emailSignIn: { link: false, code: false } },
  returnError,
  secondFactor: heldForSecondFactor = false,
}: {
  guest?: { name: string } | null;
  initialMode?: AuthMode;
  forApplication?: boolean;
  /** The identity providers to offer a button for, and the ways by mail. */
  options?: SignInOptions;
  /** Why a sign-in that left this screen came back refused, in words. */
  returnError?: string | null | undefined;
  secondFactor?: boolean;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const fields = useCredentialsForm(mode, guest?.name);
  const { pending, error, attempt, enter, clearError } = useSignInAttempt();
  const [secondFactor, setSecondFactor] = useState(heldForSecondFactor);
  const [mailWay, setMailWay] = useState<MailSignInWay | null>(null);
  usePasskeyAutofill(() => enter(paths.profile));
  const signingIn = mode === 'sign-in';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void attempt('credentials', async () => {
      const values = await fields.check(form);
      if (!values) return null;
      if (signingIn && (await signIn(values)).secondFactor) {
        setSecondFactor(true);
        return null;
      }
      if (!signingIn) await signUp(values);
      return paths.profile;
    });
  };

  const toggleMode = () => {
    setMode(signingIn ? 'sign-up' : 'sign-in');
    clearError();
    fields.clearErrors();
  };

  if (mailWay && !secondFactor)
    return (
      <>
        <PageTitle>Sign in</PageTitle>
        <MailSignInStep
          way={mailWay}
          email={fields.field('email').value}
          onSignedIn={() => enter(paths.profile)}
          onSecondFactor={() => setSecondFactor(true)}
          onBack={() => setMailWay(null)}
        />
      </>
    );

  if (secondFactor)
    return (
      <>
        <PageTitle>Sign in</PageTitle>
        <SecondFactorStep onSignedIn={() => enter(paths.profile)} onBack={() => setSecondFactor(false)} />
      </>
    );

  return (
    <div
      className="w-full max-w-md rounded-xl border border-border bg-surface p-8 shadow-sm"
      onFocus={prepare}
      onPointerDown={prepare}
    >
      <PageTitle>{signingIn ? 'Sign in' : 'Create account'}</PageTitle>
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">
        {signingIn ? 'Sign in to your account' : 'Create your account'}
      </h1>

      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <ErrorBox message={error?.message ?? returnError ?? undefined} />
        {!signingIn && <TextField label="Full name" autoComplete="name" required {...fields.field('name')} />}
        <TextField
          label="Email"
          type="email"
          autoComplete={signingIn ? 'username webauthn' : 'email'}
          required
          {...fields.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete={signingIn ? 'current-password' : 'new-password'}
          required
          {...fields.field('password')}
        />
        {signingIn && (
          <p className="text-right text-sm">
            <Link to={paths.forgotPassword} className="font-medium text-accent hover:underline">
              Forgot password?
            </Link>
          </p>
        )}
        <Button type="submit" className="w-full" disabled={pending !== null}>
          {pending === 'credentials' && <Spinner size="sm" inverse label="Submitting" />}
          {signingIn ? 'Sign in' : 'Create account'}
        </Button>
      </form>

      <OtherSignIns
        pending={pending}
        onPasskey={() => void attempt('passkey', () => signInWithPasskey().then(() => paths.profile))}
        providers={options.providers}
        onProvider={(id) => void attempt(`provider:${id}`, () => signInWithProvider(id).then(() => null))}
        onMailLink={signingIn && options.emailSignIn.link ? () => setMailWay('link') : undefined}
        onMailCode={signingIn && options.emailSignIn.code ? () => setMailWay('code') : undefined}
        onGuest={
          guest || forApplication
            ? undefined
            : () => void attempt('guest', () => signInAsGuest().then(() => paths.dashboard))
        }
      />

      <p className="mt-6 text-center text-sm text-secondary-foreground">
        {signingIn ? "Don't have an account? " : 'Already have an account? '}
        <TextButton onClick={toggleMode}>{signingIn ? 'Sign up' : 'Sign in'}</TextButton>
      </p>
    </div>
  );
}
