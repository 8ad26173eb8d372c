// The types of server.mjs, for the tests that start the example in-process.

export interface RelyingPartyOptions {
  /** The provider's issuer, exactly as its discovery document names it (e.g. http://localhost:3000). */
  issuer: string;
  clientId: string;
  /** Absent: a public client (token_endpoint_auth_method none), protected by PKCE alone. */
  clientSecret?: string;
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Space-separated; default `openid profile email offline_access`. */
  scopes?: string;
  /** Where browsers reach the example; default http://localhost:<port>. Redirect URIs derive from it. */
  baseUrl?: string;
  /** The address to listen on; default every interface. */
  host?: string;
}

export interface RelyingParty {
  /** The base URL: `${url}/callback` is the redirect URI, `${url}/` the post-logout redirect URI. */
  url: string;
  close(): Promise<void>;
}

export function startRelyingParty(options: RelyingPartyOptions): Promise<RelyingParty>;
