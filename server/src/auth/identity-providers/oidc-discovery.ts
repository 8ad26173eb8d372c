/** The part of an OpenID Provider's discovery document we use. */
export interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/** Where an issuer publishes its discovery document (OpenID Connect Discovery 1.0 §4). */
export const discoveryUrlOf = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

export class DiscoveryFailed extends Error {}

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Reads an issuer's discovery document within `timeoutMs`, redirects refused. Its `issuer` must be
 * the configured one, character for character (Discovery §4.3): a document that names another
 * issuer would have us accept that issuer's ID tokens.
 */
export async function discoverIssuer(issuer: string, timeoutMs: number): Promise<DiscoveryDocument> {
  let response: Response;
  try {
    response = await fetch(discoveryUrlOf(issuer), {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(error);
    throw new DiscoveryFailed(`discovery at ${discoveryUrlOf(issuer)} failed: ${reason}`);
  }
  if (!response.ok) throw new DiscoveryFailed(`discovery at ${discoveryUrlOf(issuer)} answered ${response.status}`);
  const document = (await response.json().catch(() => null)) as Partial<DiscoveryDocument> | null;
  if (!document || typeof document !== 'object') throw new DiscoveryFailed('the discovery document is not JSON');
  if (document.issuer !== issuer) {
    throw new DiscoveryFailed(
      `the discovery document names the issuer ${JSON.stringify(document.issuer)}, not ${JSON.stringify(issuer)}`,
    );
  }
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (!isUrl(document[field])) throw new DiscoveryFailed(`the discovery document has no valid ${field}`);
  }
  if (document.userinfo_endpoint !== undefined && !isUrl(document.userinfo_endpoint)) {
    throw new DiscoveryFailed('the discovery document has no valid userinfo_endpoint');
  }
  return document as DiscoveryDocument;
}
