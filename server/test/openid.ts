import type { Hono } from 'hono';
import * as client from 'openid-client';
import { expect } from 'vitest';
import { APPLICATION_SCOPES, type ApplicationScope } from '#common/applications';
import { createApplication } from '../src/auth/openid-provider/applications';
import type { TestClient } from './http-client';
import { TEST_ORIGIN, type TestContext } from './test-context';

export const TEST_REDIRECT_URI = 'http://localhost:4000/callback';

export interface RegisteredApplication {
  clientId: string;
  clientSecret: string | undefined;
  redirectUris: string[];
}

/**
 * Registers an application as the platform admin signed in in `admin`, mapped onto the provider as
 * `POST /api/v1/admin/applications` maps it (the same function): for tests that are about the
 * protocol, not about the admin API. Without `scopes`, it may ask for every scope.
 */
export async function registerTestApplication(
  context: TestContext,
  admin: TestClient,
  {
    name = 'Test app',
    redirectUris = [TEST_REDIRECT_URI],
    postLogoutRedirectUris,
    scopes = [...APPLICATION_SCOPES],
    trusted = false,
    isPublic = false,
  }: {
    name?: string;
    redirectUris?: string[];
    postLogoutRedirectUris?: string[];
    scopes?: ApplicationScope[];
    trusted?: boolean;
    isPublic?: boolean;
  } = {},
): Promise<RegisteredApplication> {
  const created = await createApplication(context.auth, new Headers({ cookie: admin.cookieHeader }), {
    name,
    type: isPublic ? 'spa' : 'web',
    redirectUris,
    ...(postLogoutRedirectUris ? { postLogoutRedirectUris } : {}),
    scopes,
    trusted,
  });
  return { clientId: created.clientId, clientSecret: created.clientSecret ?? undefined, redirectUris };
}

/** An openid-client relying party whose every request goes to the in-process app. */
export async function relyingParty(app: Hono, application: RegisteredApplication): Promise<client.Configuration> {
  const customFetch: client.CustomFetch = (url, options) =>
    app.fetch(new Request(url, options as RequestInit)) as Promise<Response>;
  const configuration = await client.discovery(
    new URL(TEST_ORIGIN),
    application.clientId,
    application.clientSecret ? { client_secret: application.clientSecret } : undefined,
    application.clientSecret ? client.ClientSecretBasic(application.clientSecret) : client.None(),
    { [client.customFetch]: customFetch, execute: [client.allowInsecureRequests] },
  );
  return configuration;
}

export interface AuthorizationRequest {
  url: URL;
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The authorization request a relying party sends the browser to: PKCE S256, state and nonce. */
export async function authorizationRequest(
  configuration: client.Configuration,
  { scope = 'openid profile email', redirectUri = TEST_REDIRECT_URI, extra = {} as Record<string, string> } = {},
): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, codeVerifier, state, nonce };
}

/** Where a redirect answer sends the browser: a `Location` header, or the console's `{ url }` JSON. */
function redirectOf(response: { status: number; headers: Headers; body: unknown }): URL {
  const location = response.headers.get('location') ?? (response.body as { url?: string } | null)?.url;
  expect(location, `no redirect in ${response.status} ${JSON.stringify(response.body)}`).toBeTruthy();
  return new URL(location!, TEST_ORIGIN);
}

/**
 * What a signed-in person's browser does with an authorization request: opens it, and when the
 * consent screen is where it lands, allows (or denies) there as the console does. Answers the URL
 * the browser is finally sent to (the application's redirect URI, with a code or an error).
 */
export async function authorizeInBrowser(
  browser: TestClient,
  url: URL,
  { accept = true, scope }: { accept?: boolean; scope?: string } = {},
): Promise<URL> {
  const opened = await browser.get(`${url.pathname}${url.search}`);
  const next = redirectOf(opened);
  if (next.origin !== TEST_ORIGIN || next.pathname !== '/consent') return next;
  const consented = await browser.post('/api/auth/oauth2/consent', {
    accept,
    ...(scope ? { scope } : {}),
    oauth_query: next.search.slice(1),
  });
  expect(consented.status, consented.text).toBe(200);
  return redirectOf(consented);
}

/** The code exchange of a relying party, checking state, nonce and PKCE as openid-client does. */
export function exchangeCode(configuration: client.Configuration, callback: URL, request: AuthorizationRequest) {
  return client.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
}

/** The whole flow for a signed-in browser: the tokens a relying party ends with. */
export async function signInToApplication(
  browser: TestClient,
  configuration: client.Configuration,
  options: { scope?: string } = {},
) {
  const request = await authorizationRequest(configuration, options);
  const callback = await authorizeInBrowser(browser, request.url);
  return exchangeCode(configuration, callback, request);
}

export { client as openIdClient };
