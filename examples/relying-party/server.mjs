// A relying party that signs in with Gatehouse by OpenID Connect: authorization code + PKCE, no framework.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as oidc from 'openid-client';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const TITLE = 'Example relying party';
const COOKIE = 'rp_session';
const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${COOKIE}=([\\w-]+)`);
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
const newId = () => randomBytes(32).toString('base64url');
// The provider's error code when it sent one, else openid-client's most specific reason (its cause).
const describe = (err) =>
  err?.error
    ? `${err.error}${err.error_description ? `: ${err.error_description}` : ''}`
    : String(err?.cause?.message ?? err?.message ?? err);
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1>${body}</body></html>`;

export async function startRelyingParty({ issuer, clientId, clientSecret, port = 0, scopes, baseUrl, host }) {
  const issuerUrl = new URL(issuer);
  // Plain http is tolerable only when the provider is on this machine (development, tests).
  const insecure =
    issuerUrl.protocol === 'http:' && (LOOPBACK.has(issuerUrl.hostname) || issuerUrl.hostname.startsWith('127.'));
  // No secret: a public client, which PKCE alone protects (token_endpoint_auth_method none).
  const config = await oidc.discovery(
    issuerUrl,
    clientId,
    clientSecret ? undefined : { token_endpoint_auth_method: 'none' },
    clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  const scope = scopes ?? 'openid profile email offline_access';
  const sessions = new Map(); // cookie value → { pending?, idToken?, claims?, refreshToken?, notice? }

  const server = http.createServer((req, res) =>
    handle(req, res).catch((err) => show(res, 500, 'Error', `<p>${esc(describe(err))}</p>`)),
  );
  await new Promise((resolve) => server.listen(port, host, resolve));
  const base = (baseUrl ?? `http://localhost:${server.address().port}`).replace(/\/$/, '');
  const secure = base.startsWith('https:') ? '; Secure' : '';

  const cookie = (value, extra = '') => ({
    'set-cookie': `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${extra}${secure}`,
  });
  const redirect = (res, location, headers = {}) => res.writeHead(303, { location, ...headers }).end();
  function show(res, status, title, body, headers = {}) {
    if (res.headersSent) return res.end();
    const type = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    res.writeHead(status, { ...type, ...headers }).end(page(title, body));
  }
  // Every failure ends the local session and says why, with the provider's error code when there is one.
  function fail(res, sid, title, err) {
    sessions.delete(sid);
    const body = `<p data-testid="error">${esc(title)}: ${esc(describe(err))}</p><p><a href="/">Home</a></p>`;
    show(res, 400, title, body, cookie('', '; Max-Age=0'));
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', base);
    const sid = COOKIE_VALUE.exec(req.headers.cookie ?? '')?.[1];
    const session = sid ? sessions.get(sid) : undefined;
    const route = `${req.method} ${url.pathname}`;

    if (route === 'GET /favicon.ico') return res.writeHead(204).end();
    if (route === 'GET /') {
      if (!session?.claims) return show(res, 200, TITLE, '<p><a href="/login">Sign in with Gatehouse</a></p>');
      const { sub, email, name } = session.claims;
      const notice = session.notice ? `<p data-testid="notice">${esc(session.notice)}</p>` : '';
      session.notice = undefined;
      const body = `${notice}<p data-testid="signed-in">Signed in as ${esc(email ?? sub)}</p>
<pre data-testid="claims">${esc(JSON.stringify({ sub, email, name }, null, 2))}</pre>
<p data-testid="refresh-token">Refresh token: ${session.refreshToken ? 'held' : 'none'}</p>
<form method="post" action="/refresh"><button type="submit">Refresh tokens</button></form>
<p><a href="/logout">Sign out</a></p>`;
      return show(res, 200, TITLE, body);
    }
    if (route === 'GET /login') {
      const pending = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
      const target = oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${base}/callback`,
        scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      const id = newId();
      sessions.delete(sid);
      sessions.set(id, { pending });
      return redirect(res, target.href, cookie(id));
    }
    if (route === 'GET /callback') {
      const pending = session?.pending;
      if (!pending) return fail(res, sid, 'Sign-in failed', 'no sign-in in progress, start again');
      try {
        // openid-client checks the state, turns error= into an error, sends the verifier and checks the nonce.
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
        });
        // The ID token says who signed in; userinfo adds the profile and email the scopes allow (for
        // that same subject: openid-client checks it).
        const verified = tokens.claims();
        const profile = await oidc.fetchUserInfo(config, tokens.access_token, verified.sub);
        // A fresh cookie once signed in: an identifier seen before sign-in never names a signed-in session.
        const id = newId();
        sessions.delete(sid);
        sessions.set(id, {
          idToken: tokens.id_token,
          claims: { ...profile, ...verified },
          refreshToken: tokens.refresh_token,
        });
        return redirect(res, '/', cookie(id));
      } catch (err) {
        return fail(res, sid, 'Sign-in failed', err);
      }
    }
    // SameSite=Lax keeps the cookie off cross-site POSTs: a forged form reaches no session.
    if (route === 'POST /refresh') {
      try {
        if (!session?.refreshToken) throw new Error('no refresh token held');
        const tokens = await oidc.refreshTokenGrant(config, session.refreshToken);
        // The provider may rotate the refresh token and reissue the ID token; keep what it leaves out.
        session.refreshToken = tokens.refresh_token ?? session.refreshToken;
        session.idToken = tokens.id_token ?? session.idToken;
        session.claims = { ...session.claims, ...tokens.claims() };
        session.notice = 'Tokens refreshed';
        return redirect(res, '/');
      } catch (err) {
        return fail(res, sid, 'Refresh failed', err);
      }
    }
    if (route === 'GET /logout') {
      sessions.delete(sid);
      const ended = cookie('', '; Max-Age=0');
      if (!config.serverMetadata().end_session_endpoint || !session?.idToken) return redirect(res, '/', ended);
      const params = { post_logout_redirect_uri: `${base}/`, id_token_hint: session.idToken };
      return redirect(res, oidc.buildEndSessionUrl(config, params).href, ended);
    }
    return show(res, 404, 'Not found', '<p><a href="/">Home</a></p>');
  }

  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { GATEHOUSE_ISSUER, CLIENT_ID, CLIENT_SECRET, PORT = '4000', BASE_URL, SCOPES } = process.env;
  if (!GATEHOUSE_ISSUER || !CLIENT_ID) {
    process.stderr.write(
      'Set GATEHOUSE_ISSUER (e.g. http://localhost:3000) and CLIENT_ID; CLIENT_SECRET for a web client.\n',
    );
    process.exit(1);
  }
  const rp = await startRelyingParty({
    issuer: GATEHOUSE_ISSUER,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET || undefined,
    port: Number(PORT),
    scopes: SCOPES,
    baseUrl: BASE_URL ?? `http://localhost:${PORT}`,
  }).catch((err) => {
    process.stderr.write(`Cannot start: discovery at ${GATEHOUSE_ISSUER} failed: ${describe(err)}\n`);
    process.exit(1);
  });
  process.stdout.write(`Relying party on ${rp.url} (issuer ${GATEHOUSE_ISSUER})\n`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => rp.close().then(() => process.exit(0)));
}
