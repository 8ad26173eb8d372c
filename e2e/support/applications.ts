import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { APPLICATION_SCOPES } from '#common/applications';
import { E2E_ADMIN } from './server';
import { signInByApi } from './users';

export interface TestApplication {
  clientId: string;
  name: string;
  redirectUri: string;
}

/**
 * Registers an application as the platform admin does, through `POST /api/v1/admin/applications`:
 * a native app (a public client, PKCE its proof) whose redirect URI is on this machine, which may
 * ask for every scope.
 */
export async function registerApplication(
  baseURL: string,
  name: string,
  redirectUri: string,
): Promise<TestApplication> {
  const signedIn = await signInByApi(baseURL, E2E_ADMIN);
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const response = await fetch(`${baseURL}/api/v1/admin/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, cookie },
    body: JSON.stringify({ name, type: 'native', redirectUris: [redirectUri], scopes: [...APPLICATION_SCOPES] }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  const { data } = JSON.parse(text) as { data: { clientId: string } };
  return { clientId: data.clientId, name, redirectUri };
}

/** The authorization request a relying party sends the browser to: PKCE S256 and a state to check. */
export function authorizationUrl(
  baseURL: string,
  application: TestApplication,
  { scope = 'openid profile email', state = crypto.randomBytes(8).toString('hex') } = {},
) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const url = new URL('/api/auth/oauth2/authorize', baseURL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: application.clientId,
    redirect_uri: application.redirectUri,
    scope,
    state,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), state };
}

/**
 * The application's side of the redirect: a page on this machine that says the browser arrived, so a
 * test reads the code (or the error) from the URL it landed on.
 */
export async function startRedirectTarget() {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // An icon of its own (empty): the browser then asks for no /favicon.ico, which could reach the
    // server after the test closed it and fail the test's check for console errors.
    response.end(
      '<!doctype html><link rel="icon" href="data:,"><title>Test application</title><p>Back at the application</p>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
