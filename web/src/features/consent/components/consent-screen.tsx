import { Link } from 'react-router';
import { SCOPE_DESCRIPTIONS, type ApplicationScope } from '#common/applications';
import { ERROR_CODES } from '#common/error-codes';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { SessionData } from '@/lib/auth-client';
import { toRequestError } from '@/lib/errors';
import { continueAuthorization } from '@/lib/oauth-request';
import { REQUEST_EXPIRED, useAnswerConsent } from '../api/answer-consent';
import { useApplication, type PublicApplication } from '../api/get-application';

/** The authorization request the page carries, as the provider signed it into the query. */
export interface ConsentRequest {
  clientId: string | undefined;
  scopes: string[];
  /** Whether the signed request is past its `exp` (seconds) at `now`: the provider would refuse it. */
  expired: boolean;
}

export function consentRequestOf(search: string, now: number): ConsentRequest {
  const params = new URLSearchParams(search);
  const exp = Number(params.get('exp'));
  return {
    clientId: params.get('sig') ? (params.get('client_id') ?? undefined) : undefined,
    scopes: (params.get('scope') ?? '').split(' ').filter(Boolean),
    expired: Number.isFinite(exp) && exp > 0 && exp * 1000 < now,
  };
}

const describeScope = (scope: string) => SCOPE_DESCRIPTIONS[scope as ApplicationScope] ?? scope;

/** An icon is shown only from our own origin: the page's content policy blocks other sites' images. */
const ownIcon = (icon: string | null | undefined) => {
  if (!icon) return undefined;
  try {
    return new URL(icon, window.location.origin).origin === window.location.origin ? icon : undefined;
  } catch {
    return undefined;
  }
};

/** Why this session may only deny: a guest, or an admin acting as someone else (application-guard says the same). */
function refusalOf(session: SessionData): string | undefined {
  if (session.session.impersonatedBy) return ERROR_CODES.NO_CONSENT_WHILE_IMPERSONATING;
  if (session.user.isAnonymous) return ERROR_CODES.NO_APPLICATIONS_FOR_GUESTS;
  return undefined;
}

/** The application's icon, else its initial (kept apart from the shell's avatar, for /auth's budget). */
function Initial({ name, image }: { name: string; image: string | undefined }) {
  if (image) return <img src={image} alt="" className="size-16 rounded-xl object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-16 items-center justify-center rounded-xl bg-accent/15 text-2xl font-semibold text-accent"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function ApplicationHeader({ application }: { application: PublicApplication }) {
  const name = application.client_name || application.client_id;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <Initial name={name} image={ownIcon(application.logo_uri)} />
      <h1 className="text-2xl font-semibold tracking-tight break-words">{name} wants to access your account</h1>
      {application.client_uri && (
        <a
          href={application.client_uri}
          className="text-sm break-all text-accent hover:underline"
          target="_blank"
          rel="noreferrer noopener"
        >
          {application.client_uri}
        </a>
      )}
    </div>
  );
}

/**
 * The consent screen: which application asks, what it would see (each scope in words), who is signed
 * in, and Allow or Deny. A guest and an impersonating admin are told why they cannot allow, and may
 * only deny. A request that is missing, expired or altered says so, never a blank page.
 */
export function ConsentScreen({ session, request }: { session: SessionData; request: ConsentRequest }) {
  const { expired } = request;
  const application = useApplication(expired ? undefined : request.clientId);
  const answer = useAnswerConsent();
  const refusal = refusalOf(session);

  if (!request.clientId || expired) return <ErrorBox message={REQUEST_EXPIRED} />;
  if (application.isPending) return <Spinner label="Loading the application" />;
  if (application.isError) {
    const error = toRequestError(application.error, 'Failed to load the application');
    return (
      <ErrorBox
        message={
          error.status === 404 ? 'This application is not known to Gatehouse, or it was turned off.' : error.message
        }
      />
    );
  }

  const respond = (accept: boolean) => answer.mutate(accept, { onSuccess: continueAuthorization });
  const busy = answer.isPending || answer.isSuccess;
  const user = session.user;
  return (
    <div className="space-y-6">
      <ApplicationHeader application={application.data} />
      <ErrorBox message={answer.error ? toRequestError(answer.error, 'An error occurred').message : undefined} />
      {refusal ? (
        <Notice tone="warning">
          {refusal}
          {user.isAnonymous && !session.session.impersonatedBy && (
            <>
              {' '}
              <Link to={paths.signUp} className="font-medium underline">
                Sign up
              </Link>
            </>
          )}
        </Notice>
      ) : (
        <div>
          <p className="text-sm font-medium">It will be able to:</p>
          <ul className="mt-2 space-y-2" aria-label="What the application asks for">
            {request.scopes.map((scope) => (
              <li key={scope} className="flex gap-2 text-sm text-secondary-foreground">
                <span aria-hidden className="text-accent">
                  ✓
                </span>
                {describeScope(scope)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex items-center gap-3 rounded-md border border-border px-3 py-2">
        <p className="min-w-0 text-sm break-words">
          Signed in as <span className="font-medium">{user.isAnonymous ? 'a guest' : user.name || user.email}</span>
          {!user.isAnonymous && user.name && <span className="block text-muted-foreground">{user.email}</span>}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => respond(false)} disabled={busy}>
          {busy && answer.variables === false && <Spinner size="sm" label="Denying" />}
          Deny
        </Button>
        {!refusal && (
          <Button onClick={() => respond(true)} disabled={busy}>
            {busy && answer.variables === true && <Spinner size="sm" inverse label="Allowing" />}
            Allow
          </Button>
        )}
      </div>
    </div>
  );
}
