import { createHash } from 'node:crypto';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelyingParty, startRelyingParty } from './server.mjs';

/**
 * The example relying party against a real OpenID provider on loopback (oauth2-mock-server signs real
 * tokens, checks PKCE, echoes the nonce and approves every sign-in at once), driven by plain fetch.
 */

const CLIENT_ID = 'example-rp';
const CLIENT_SECRET = 'example-secret';
const NAME = 'Ada <Lovelace> & "Co"';

let provider: OAuth2Server;
let rp: RelyingParty;
/** The requests the provider's token endpoint took, newest last. */
const tokenRequests: { authorization?: string; body: Record<string, unknown> }[] = [];
/** Set by a test to have the provider sign a different nonce into the next ID token. */
let forgeNonce = false;
const formDecode = (value: string) => decodeURIComponent(value.replaceAll('+', ' '));

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on(Events.BeforeTokenSigning, (token, req) => {
    // The ID token is the one the provider addresses to the client; the access token has no aud.
    if (token.payload.aud === undefined) return;
    tokenRequests.push({ authorization: req.headers.authorization, body: req.body });
    // Basic credentials are form-encoded (RFC 6749 2.3.1; Better Auth decodes them), the mock takes them raw.
    const aud = formDecode(String(token.payload.aud));
    Object.assign(token.payload, { aud, email: 'ada@example.com', name: NAME });
    if (forgeNonce && token.payload.nonce !== undefined) token.payload.nonce = 'forged';
  });
  rp = await startRelyingParty({ issuer: provider.issuer.url!, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});

afterAll(async () => {
  await rp?.close();
  await provider?.stop();
});

/** A browser reduced to what the flow needs: one cookie jar for the example, redirects followed by hand. */
function browser(base = rp.url) {
  let cookie = '';
  const visited: URL[] = [];
  async function go(target: string | URL, init: RequestInit = {}, follow = true): Promise<Response> {
    const url = new URL(target, base);
    visited.push(url);
    const ours = url.origin === new URL(base).origin;
    const res = await fetch(url, { ...init, redirect: 'manual', headers: ours && cookie ? { cookie } : {} });
    const set = res.headers.get('set-cookie');
    if (ours && set) cookie = set.includes('Max-Age=0') ? '' : set.split(';')[0]!;
    const location = res.headers.get('location');
    if (follow && location && res.status >= 300 && res.status < 400) return go(new URL(location, url));
    return res;
  }
  return { go, visited, hasCookie: () => cookie !== '' };
}

async function signIn() {
  const b = browser();
  const page = await b.go('/login');
  return { b, page, html: await page.text() };
}

describe('the example relying party', () => {
  it('greets a signed-out visitor with a link to sign in', async () => {
    const res = await browser().go('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<a href="/login">Sign in with Gatehouse</a>');
  });

  it('signs in by code, PKCE S256, state and nonce, and shows the verified claims escaped', async () => {
    const before = tokenRequests.length;
    const { b, page, html } = await signIn();
    expect(page.status).toBe(200);
    expect(html).toContain('Signed in as ada@example.com');
    expect(html).toContain('<pre data-testid="claims">');
    expect(html).toContain('&quot;sub&quot;: &quot;johndoe&quot;');
    expect(html).toContain('Ada &lt;Lovelace&gt; &amp; \\&quot;Co\\&quot;');
    expect(html).not.toContain('<Lovelace>');
    expect(html).toContain('Refresh token: held');

    const authorize = b.visited.find((url) => url.pathname === '/authorize')!;
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${rp.url}/callback`,
      scope: 'openid profile email offline_access',
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    expect(query.nonce).toMatch(/^[\w-]{20,}$/);

    // The code went back with the verifier behind the challenge, and the client authenticated by Basic.
    const grant = tokenRequests.slice(before).find((request) => request.body.grant_type === 'authorization_code')!;
    const verifier = String(grant.body.code_verifier);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(query.code_challenge);
    const [scheme, credentials] = grant.authorization?.split(' ') ?? [];
    expect(scheme).toBe('Basic');
    const [id, secret] = Buffer.from(credentials ?? '', 'base64')
      .toString()
      .split(':');
    expect([formDecode(id ?? ''), formDecode(secret ?? '')]).toEqual([CLIENT_ID, CLIENT_SECRET]);
  });

  it('refreshes the tokens with the refresh token it holds', async () => {
    const { b } = await signIn();
    const before = tokenRequests.length;
    const res = await b.go('/refresh', { method: 'POST' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Tokens refreshed');
    expect(html).toContain('Signed in as ada@example.com');
    expect(tokenRequests.slice(before).map((request) => request.body.grant_type)).toEqual(['refresh_token']);
    // The notice shows once.
    expect(await (await b.go('/')).text()).not.toContain('Tokens refreshed');
  });

  it('says why a refresh failed and ends the session', async () => {
    const { b } = await signIn();
    provider.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'refresh token revoked' };
    });
    const res = await b.go('/refresh', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Refresh failed: invalid_grant: refresh token revoked/);
    expect(b.hasCookie()).toBe(false);
    expect(await (await b.go('/')).text()).toContain('Sign in with Gatehouse');
  });

  it('refuses a callback whose state was tampered with, and keeps serving', async () => {
    const b = browser();
    const toProvider = await b.go('/login', {}, false);
    const toCallback = await b.go(toProvider.headers.get('location')!, {}, false);
    const callback = new URL(toCallback.headers.get('location')!);
    callback.searchParams.set('state', 'tampered');
    const res = await b.go(callback);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in failed: unexpected &quot;state&quot; response parameter value');
    // The same code with the right state is refused too: the attempt is spent.
    const retry = await b.go(toCallback.headers.get('location')!);
    expect(retry.status).toBe(400);
    expect((await b.go('/')).status).toBe(200);
  });

  it('shows the provider’s error= on the error page', async () => {
    const b = browser();
    const toProvider = await b.go('/login', {}, false);
    const state = new URL(toProvider.headers.get('location')!).searchParams.get('state')!;
    const res = await b.go(
      `/callback?error=access_denied&error_description=${encodeURIComponent('<denied>')}&state=${state}`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in failed: access_denied: &lt;denied&gt;');
  });

  it('refuses an ID token that carries another nonce', async () => {
    forgeNonce = true;
    try {
      const { page, html } = await signIn();
      expect(page.status).toBe(400);
      expect(html).toContain('Sign-in failed: unexpected ID Token &quot;nonce&quot; claim value');
    } finally {
      forgeNonce = false;
    }
  });

  it('refuses a callback without a sign-in in progress', async () => {
    const res = await browser().go('/callback?code=x&state=y');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in failed: no sign-in in progress');
  });

  it('signs out at the provider and comes back signed out', async () => {
    const { b } = await signIn();
    const res = await b.go('/logout');
    const endSession = b.visited.find((url) => url.pathname === '/endsession')!;
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${rp.url}/`);
    expect(endSession.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await res.text()).toContain('Sign in with Gatehouse');
    expect(b.hasCookie()).toBe(false);
  });

  it('signs in as a public client without a secret', async () => {
    const open = await startRelyingParty({ issuer: provider.issuer.url!, clientId: 'public-rp' });
    try {
      const before = tokenRequests.length;
      const res = await browser(open.url).go('/login');
      expect(await res.text()).toContain('Signed in as ada@example.com');
      const [grant] = tokenRequests.slice(before);
      expect(grant?.authorization).toBeUndefined();
      expect(grant?.body.client_id).toBe('public-rp');
    } finally {
      await open.close();
    }
  });
});
