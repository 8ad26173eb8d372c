/**
 * An application's authorization request as the console's pages carry it: the provider sends the
 * browser to /auth or /consent with its signed query (`sig`, `exp`, `ba_param`…, decision 0079). The
 * sign-in steps and the consent answer send that query back as `oauth_query`, and the server then
 * answers `{ redirect: true, url }`: where the browser goes next (the application, or the consent
 * screen). Loaded with the auth client (its fetch plugin `followAuthorization`) and by the consent
 * screen, never with /auth's first download.
 */

const SIGNED_NAMES = 'ba_param';

/**
 * The signed part of a page's query, as the provider's client plugin sends it: `sig`, the names the
 * signature covers and their values; another parameter of ours (`mode`) would break the signature.
 * Undefined when the page carries no signed request.
 */
export function signedOAuthQuery(search: string = window.location.search): string | undefined {
  const params = new URLSearchParams(search);
  const names = new Set(params.getAll(SIGNED_NAMES));
  if (!params.has('sig') || names.size === 0) return undefined;
  const signed = new URLSearchParams();
  for (const [key, value] of params)
    if (key === 'sig' || key === SIGNED_NAMES || names.has(key)) signed.append(key, value);
  return signed.toString();
}

/**
 * Where an answer that continues an authorization sends the browser; null for any other answer. A
 * sign-in's own answer also says `redirect: true` with its `callbackURL`, beside the user it signed
 * in: only the provider's answer, on a page that carries a request, is the next step.
 */
export function continuationOf(answer: unknown, search: string = window.location.search): string | null {
  if (!answer || typeof answer !== 'object' || 'user' in answer || !signedOAuthQuery(search)) return null;
  const { redirect, url } = answer as { redirect?: unknown; url?: unknown };
  return redirect === true && typeof url === 'string' && url !== '' ? url : null;
}

/**
 * Leaves the console for the next step of the authorization: a full navigation (the application's
 * redirect URI is another site; the consent screen needs the signed query as it was signed).
 */
export function continueAuthorization(url: string): void {
  window.location.assign(url);
}

/**
 * After a sign-in step: when its answer continues an application's authorization, the browser goes
 * there and this never resolves (the screen stays pending while the page goes); else it resolves at
 * once and the console goes on as usual.
 */
export function leaveIfContinued(answer: unknown): Promise<void> {
  const url = continuationOf(answer);
  if (!url) return Promise.resolve();
  continueAuthorization(url);
  return new Promise(() => undefined);
}

/**
 * A fetch plugin of the auth client: an answer that continues an application's authorization (a
 * sign-in step's, with the request sent by the provider's client plugin) takes the browser there,
 * and the call never resolves, so the screen stays pending while the page goes. Every sign-in step
 * of the console goes through it without knowing.
 */
export const followAuthorization = {
  id: 'follow-authorization',
  name: 'follow-authorization',
  hooks: {
    async onResponse({ response }: { response: Response }) {
      if (!response.ok || !signedOAuthQuery()) return;
      const answer: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      return leaveIfContinued(answer).then(() => undefined);
    },
  },
};
