import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client';
import { RequestError, unwrap } from '@/lib/errors';
import { continuationOf, signedOAuthQuery } from '@/lib/oauth-request';

/** What the consent screen says when the provider refuses the request itself: too old, or altered. */
export const REQUEST_EXPIRED =
  'This sign-in request has expired or is not valid. Go back to the application and sign in again.';

/**
 * Allows (`accept: true`) or denies the application that asks, with the page's signed request. The
 * provider answers where the browser goes: the application's redirect URI, with a code or with
 * `error=access_denied`.
 */
export async function answerConsent(accept: boolean): Promise<string> {
  const answer = await unwrap<unknown>(
    authClient.$fetch('/oauth2/consent', { method: 'POST', body: { accept, oauth_query: signedOAuthQuery() } }),
    accept ? 'Failed to allow the application' : 'Failed to deny the application',
  ).catch((caught: unknown) => {
    // The provider names a bad signature or a missing request only in `error`, not in a code of ours.
    if (caught instanceof RequestError && caught.status === 400)
      throw new RequestError(400, 'BAD_REQUEST', REQUEST_EXPIRED);
    throw caught;
  });
  const url = continuationOf(answer);
  if (!url) throw new RequestError(0, 'BAD_REQUEST', REQUEST_EXPIRED);
  return url;
}

/** Stays pending once answered: the browser is leaving for the application. */
export const useAnswerConsent = () => useMutation({ mutationFn: answerConsent });
