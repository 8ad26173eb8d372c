import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { chosenGuestName } from '#common/guests';
import { SECOND_FACTOR_STEP } from '#common/mail-sign-in';
import { ERROR_MESSAGES } from '#common/error-messages';
import { ACCOUNT_DELETED_FLAG, AUTH_MODE_PARAM, paths } from '@/config/paths';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { AuthForm } from '@/features/auth/components/auth-form';
import { loadSession } from '@/lib/session-store';

/**
 * A registered person goes to their profile; a guest stays, to sign up or sign in and keep their
 * work. Sent by an application (its signed request in the query), everyone stays: the provider sends
 * a signed-in person here only when the application asks for a new sign-in.
 */
export async function authLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession();
  // The provider's signed request (lib/oauth-request.ts reads it; not loaded here: /auth's budget).
  const { searchParams } = new URL(request.url);
  const forApplication = searchParams.has('sig') && searchParams.has('client_id');
  if (session && !session.user.isAnonymous && !forApplication) throw redirect(paths.profile);
  return { guest: session ? { name: chosenGuestName(session.user.name) } : null, forApplication };
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

/** The query parameter Better Auth adds when a mailed sign-in link fails (its `errorCallbackURL`). */
const LINK_ERROR_PARAM = 'error';
const LINK_FAILED = 'This sign-in link did not work. Ask for a new one.';

/**
 * Where a mailed sign-in link lands: on the second factor when the account asks for one, or with the
 * reason it failed. Both flags then leave the URL, so a reload does not repeat them.
 */
function useLinkLanding() {
  const [params, setParams] = useSearchParams();
  const [landing] = useState(() => {
    const error = params.get(LINK_ERROR_PARAM);
    return {
      secondFactor: params.get(SECOND_FACTOR_STEP.param) === SECOND_FACTOR_STEP.value,
      linkError: error === null ? undefined : (ERROR_MESSAGES[error] ?? LINK_FAILED),
    };
  });
  useEffect(() => {
    if (!params.has(LINK_ERROR_PARAM) && !params.has(SECOND_FACTOR_STEP.param)) return;
    setParams(
      (current) => {
        current.delete(LINK_ERROR_PARAM);
        current.delete(SECOND_FACTOR_STEP.param);
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return landing;
}

export function AuthRoute() {
  const deleted = useAccountDeleted();
  const { secondFactor, linkError } = useLinkLanding();
  const { guest, forApplication } = useLoaderData<typeof authLoader>();
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
        initialMode={params.get(AUTH_MODE_PARAM) === 'sign-up' ? 'sign-up' : 'sign-in'}
        secondFactor={secondFactor}
        linkError={linkError}
      />
    </main>
  );
}
