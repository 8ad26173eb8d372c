import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { chosenGuestName } from '#common/guests';
import { SECOND_FACTOR_STEP } from '#common/mail-sign-in';
import { ACCOUNT_DELETED_FLAG, AUTH_MODE_PARAM, paths } from '@/config/paths';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { getSignInOptions } from '@/features/auth/api/get-sign-in-options';
import { AuthForm } from '@/features/auth/components/auth-form';
import { loadSession } from '@/lib/session-store';

/**
 * A registered person goes to their profile; a guest stays, to sign up or sign in and keep their
 * work. Sent by an application (its signed request in the query), everyone stays: the provider sends
 * a signed-in person here only when the application asks for a new sign-in.
 */
export async function authLoader({ request }: LoaderFunctionArgs) {
  // Both at once: the buttons cost the screen no extra wait.
  const [session, options] = await Promise.all([loadSession(), getSignInOptions()]);
  // The provider's signed request (lib/oauth-request.ts reads it; not loaded here: /auth's budget).
  const { searchParams } = new URL(request.url);
  const forApplication = searchParams.has('sig') && searchParams.has('client_id');
  if (session && !session.user.isAnonymous && !forApplication) throw redirect(paths.profile);
  return { guest: session ? { name: chosenGuestName(session.user.name) } : null, forApplication, options };
}

/**
 * How a sign-in that left this screen came back: refused (`?error=`, from a provider's return or a
 * mailed link), in words loaded only then, out of the screen's first chunk (decision 0020); or held
 * for its second factor (a mailed link, or a provider, when the account asks for one). The flags
 * then leave the URL, so that a reload does not repeat them.
 */
function useReturn() {
  const [params, setParams] = useSearchParams();
  const [code] = useState(() => params.get('error'));
  const [secondFactor] = useState(() => params.get(SECOND_FACTOR_STEP.param) === SECOND_FACTOR_STEP.value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    void import('@/features/auth/utils/return-error').then(({ returnError }) => setError(returnError(code)));
  }, [code]);
  useEffect(() => {
    if (!params.has('error') && !params.has(SECOND_FACTOR_STEP.param)) return;
    setParams(
      (current) => {
        current.delete('error');
        current.delete('error_description');
        current.delete(SECOND_FACTOR_STEP.param);
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return { error, secondFactor };
}

/**
 * Whether the visitor arrives from deleting their account (`paths.accountDeleted`). The flag then
 * leaves the URL, so that a reload or a bookmark does not say it again.
 */
function useAccountDeleted() {
  const [params, setParams] = useSearchParams();
  const [deleted] = useState(() => params.get(ACCOUNT_DELETED_FLAG) === '1');
  useEffect(() => {
    if (!params.has(ACCOUNT_DELETED_FLAG)) return;
    setParams(
      (current) => {
        current.delete(ACCOUNT_DELETED_FLAG);
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return deleted;
}

export function AuthRoute() {
  const deleted = useAccountDeleted();
  const returned = useReturn();
  const { guest, forApplication, options } = useLoaderData<typeof authLoader>();
  const [params] = useSearchParams();
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-6 px-4">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <p className="text-xl font-semibold tracking-tight text-accent">Gatehouse</p>
      {/* Not the Notice component: this screen's first chunk carries only what it needs (decision 0040). */}
      {deleted && (
        <p
          role="status"
          className="w-full max-w-md rounded-md border border-success-border bg-success-surface px-3 py-2 text-sm text-success"
        >
          Your account has been deleted.
        </p>
      )}
      {/* An application's name is the provider's to tell, and only to someone signed in: a neutral line. */}
      {(guest || forApplication) && (
        <p
          role="status"
          className="w-full max-w-md rounded-md border border-info-border bg-info-surface px-3 py-2 text-sm text-info"
        >
          {forApplication
            ? 'Sign in to continue to the application.'
            : 'You are using a guest account. Create an account or sign in, and what you made as a guest is kept.'}
        </p>
      )}
      <AuthForm
        guest={guest}
        forApplication={forApplication}
        options={options}
        returnError={returned.error}
        secondFactor={returned.secondFactor}
        initialMode={params.get(AUTH_MODE_PARAM) === 'sign-up' ? 'sign-up' : 'sign-in'}
      />
    </main>
  );
}
