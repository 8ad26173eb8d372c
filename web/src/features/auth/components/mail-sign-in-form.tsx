import { useState } from 'react';
import { SIGN_IN_CODE_DIGITS, SIGN_IN_CODE_MINUTES, SIGN_IN_LINK_MINUTES } from '#common/mail-sign-in';
import { mailSignInRequestSchema, signInCodeFormSchema } from '#common/mail-sign-in-forms';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { toRequestError, type RequestError } from '@/lib/errors';
import { useZodForm } from '@/lib/use-zod-form';
import { sendSignInMail, type MailSignInWay } from '../api/send-sign-in-mail';
import { signInWithCode } from '../api/sign-in-with-code';
import { TextButton } from './text-button';

export interface MailSignInProps {
  way: MailSignInWay;
  /** The address already typed in the sign-in form, if any. */
  email: string;
  onSignedIn: () => Promise<void>;
  /** The account has two-factor on: its second step comes next. */
  onSecondFactor: () => void;
  onBack: () => void;
}

/**
 * Sign-in by mail: the address, then either word that the link is on its way or the code's field.
 * The server answers alike for every address, so the words say "if an account uses it".
 */
export function MailSignInForm({ way, email: typed, onSignedIn, onSecondFactor, onBack }: MailSignInProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<RequestError | null>(null);
  const ask = useZodForm(mailSignInRequestSchema, { defaultValues: { email: typed } });
  const check = useZodForm(signInCodeFormSchema, { defaultValues: { code: '' } });

  const send = ask.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await sendSignInMail(way, email);
      setSentTo(email);
      check.reset({ code: '' });
    } catch (caught) {
      setError(toRequestError(caught, 'Failed to send the email'));
    }
  });

  const signIn = check.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { secondFactor } = await signInWithCode(sentTo!, code);
      if (secondFactor) onSecondFactor();
      else await onSignedIn();
    } catch (caught) {
      setError(toRequestError(caught, 'Login failed'));
    }
  });

  const heading = way === 'link' ? 'Sign in with a link by email' : 'Sign in with a code by email';
  return (
    <>
      <h1 className="text-center text-2xl font-semibold tracking-tight">{heading}</h1>
      {sentTo === null ? (
        <form className="mt-6 space-y-4" onSubmit={send} noValidate>
          <ErrorBox message={error?.message} />
          <FormTextField
            form={ask}
            name="email"
            id="mail-sign-in-email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Button type="submit" className="w-full" disabled={ask.formState.isSubmitting}>
            {way === 'link' ? 'Email me a sign-in link' : 'Email me a code'}
          </Button>
        </form>
      ) : way === 'link' ? (
        <div className="mt-6 space-y-4">
          <ErrorBox message={error?.message} />
          <p role="status" className="text-sm text-secondary-foreground">
            If an account uses {sentTo}, a sign-in link is on its way to it. Open it in this browser: it works once,
            within {SIGN_IN_LINK_MINUTES} minutes.
          </p>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={signIn} noValidate>
          <p role="status" className="text-sm text-secondary-foreground">
            If an account uses {sentTo}, a {SIGN_IN_CODE_DIGITS}-digit code is on its way to it. It works once, within{' '}
            {SIGN_IN_CODE_MINUTES} minutes.
          </p>
          <ErrorBox message={error?.message} />
          <FormTextField
            form={check}
            name="code"
            id="mail-sign-in-code"
            label="Sign-in code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGN_IN_CODE_DIGITS + 2}
            autoFocus
          />
          <Button type="submit" className="w-full" disabled={check.formState.isSubmitting}>
            Sign in
          </Button>
        </form>
      )}
      <div className="mt-6 flex justify-between text-sm">
        {sentTo !== null ? (
          <TextButton
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
          >
            {way === 'link' ? 'Send another link' : 'Send a new code'}
          </TextButton>
        ) : (
          <span />
        )}
        <TextButton tone="muted" onClick={onBack}>
          Back to sign in
        </TextButton>
      </div>
    </>
  );
}
