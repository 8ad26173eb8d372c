import { authorizationCodeRequest, getOAuth2Tokens, type OAuth2Tokens } from '@better-auth/core/oauth2';
import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins';
import { decodeJwt } from 'jose';
import type { DiscoveryDocument } from './oidc-discovery';

/** How long one request to a provider (discovery, token, userinfo) may take before the sign-in gives up. */
export const PROVIDER_REQUEST_TIMEOUT_MS = 5_000;

async function providerJson(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !body || typeof body !== 'object') throw new Error(`${url} answered ${response.status}`);
  return body as Record<string, unknown>;
}

/**
 * The token exchange and the userinfo request of an OpenID Connect provider, each bounded in time
 * (Better Auth's own have no timeout: a provider that stops answering would hold the sign-in open).
 * A failure is Better Auth's `invalid_code` or `unable_to_get_user_info` on the error page.
 */
export function boundedRequests(
  document: DiscoveryDocument,
  client: { clientId: string; clientSecret: string },
  timeoutMs = PROVIDER_REQUEST_TIMEOUT_MS,
): Pick<GenericOAuthConfig, 'getToken' | 'getUserInfo'> {
  return {
    getToken: async ({ code, redirectURI, codeVerifier }) => {
      const { body, headers } = await authorizationCodeRequest({
        code,
        codeVerifier,
        redirectURI,
        options: { clientId: client.clientId, clientSecret: client.clientSecret, redirectURI },
        tokenEndpoint: document.token_endpoint,
      });
      return getOAuth2Tokens(
        await providerJson(document.token_endpoint, { method: 'POST', body, headers }, timeoutMs),
      ) as OAuth2Tokens;
    },
    // Called after Better Auth verified the ID token (signature, issuer, audience, expiry, nonce):
    // its claims are who signs in. Without an ID token there is nobody: these are OpenID providers.
    getUserInfo: async (tokens): Promise<GenericOAuthUserInfo | null> => {
      if (!tokens.idToken) return null;
      let claims: Record<string, unknown> = decodeJwt(tokens.idToken);
      if ((!claims.email || claims.name === undefined) && document.userinfo_endpoint && tokens.accessToken) {
        const info = await providerJson(
          document.userinfo_endpoint,
          { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' } },
          timeoutMs,
        );
        // The userinfo of another subject is not this sign-in's (Core §5.3.2).
        if (info.sub !== claims.sub) return null;
        claims = { ...info, ...claims };
      }
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
      return {
        ...claims,
        id: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : undefined,
        image: typeof claims.picture === 'string' ? claims.picture : undefined,
      } as GenericOAuthUserInfo;
    },
  };
}
