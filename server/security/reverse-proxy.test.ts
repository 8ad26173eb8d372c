import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES } from '../src/routes/files';
import { startServerProcess } from '#test/server-process';
import { cookiesOf, send, type Reply } from './reverse-proxy/loopback-http';
import { NGINX, SHIPPED_CONFIG, testConfig } from './reverse-proxy/nginx-config';
import { freePorts, launch, stop, waitFor, type Process } from './reverse-proxy/processes';

/**
 * nginx connects to the app from 127.0.0.1, the one trusted proxy. Each client connects from its own
 * other loopback address, so the address the app records tells the client from the proxy, and each
 * case has its own rate-limit count.
 */
const CLIENT = { signedIn: '127.0.0.2', spoofing: '127.0.0.3', direct: '127.0.0.4', other: '127.0.0.5' };
const SPOOFED = ['203.0.113.9', '203.0.113.10', '203.0.113.11', '203.0.113.12'];
const USER = { email: 'proxied@example.com', password: 'proxied-password-1', name: 'Proxied' };

describe('reverse proxy: the shipped nginx configuration in front of the real server', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-proxy-'));
  let server: Process | undefined;
  let nginx: Process | undefined;
  let appURL = '';
  let proxyURL = '';
  let redirectURL = '';
  let cert = '';

  beforeAll(async () => {
    if (!fs.existsSync(NGINX)) {
      throw new Error(`nginx is missing at ${NGINX}: install it (apt-get install nginx) or set NGINX_PATH.`);
    }
    // nginx's workers drop root privileges; they still need to reach their temp files in here.
    fs.chmodSync(tmp, 0o755);
    const [appPort, httpPort, httpsPort] = (await freePorts(3)) as [number, number, number];
    const ports = { app: appPort, http: httpPort, https: httpsPort };
    appURL = `http://127.0.0.1:${ports.app}`;
    proxyURL = `https://127.0.0.1:${ports.https}`;
    redirectURL = `http://127.0.0.1:${ports.http}`;

    execFileSync(
      'openssl',
      [
        'req',
        ...['-x509', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-keyout', path.join(tmp, 'key.pem'), '-out', path.join(tmp, 'cert.pem')],
      ],
      { stdio: 'pipe' },
    );
    cert = fs.readFileSync(path.join(tmp, 'cert.pem'), 'utf8');

    server = await startServerProcess(tmp, {
      PORT: String(ports.app),
      PUBLIC_URL: proxyURL,
      TRUSTED_PROXIES: '127.0.0.1',
      UNSAFE_DISABLE_RATE_LIMIT: 'false',
    });

    const site = testConfig(fs.readFileSync(SHIPPED_CONFIG, 'utf8'), ports, tmp);
    fs.writeFileSync(path.join(tmp, 'gatehouse.conf'), site);
    const main = [
      'daemon off;',
      'worker_processes 1;',
      `pid ${tmp}/nginx.pid;`,
      `error_log ${tmp}/nginx-error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${tmp}/${kind}-temp;`),
      `  include ${tmp}/gatehouse.conf;`,
      '}',
    ].join('\n');
    fs.writeFileSync(path.join(tmp, 'nginx.conf'), main);
    nginx = launch(NGINX, ['-p', tmp, '-e', `${tmp}/nginx-error.log`, '-c', path.join(tmp, 'nginx.conf')]);
    await waitFor('nginx', nginx, async () => {
      const reply = await send(`${proxyURL}/api/v1/health`, { from: '127.0.0.1' }, cert);
      return reply.status === 200;
    });

    const signUp = await proxied('/api/auth/sign-up/email', CLIENT.other, USER);
    expect(signUp.status, signUp.body).toBe(200);
  });

  afterAll(async () => {
    await stop(nginx);
    await stop(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const post = (base: string, route: string, from: string, body: unknown, headers: Record<string, string> = {}) =>
    send(
      `${base}${route}`,
      {
        method: 'POST',
        from,
        headers: { origin: proxyURL, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      },
      cert,
    );
  const proxied = (route: string, from: string, body: unknown, headers?: Record<string, string>) =>
    post(proxyURL, route, from, body, headers);
  const signIn = { email: USER.email, password: USER.password };

  /** The address the app recorded for the session a sign-in opened. */
  async function sessionAddress(base: string, from: string, signedIn: Reply) {
    const reply = await send(`${base}/api/auth/get-session`, { from, headers: { cookie: cookiesOf(signedIn) } }, cert);
    expect(reply.status, reply.body).toBe(200);
    return (JSON.parse(reply.body) as { session: { ipAddress: string | null } }).session.ipAddress;
  }

  it('records the client address, not the proxy, for a sign-in through nginx', async () => {
    const signedIn = await proxied('/api/auth/sign-in/email', CLIENT.signedIn, signIn);
    expect(signedIn.status, signedIn.body).toBe(200);
    expect(await sessionAddress(proxyURL, CLIENT.signedIn, signedIn)).toBe(CLIENT.signedIn);
  });

  it('ignores an X-Forwarded-For the client sends to nginx, for the session and the rate limit', async () => {
    const replies = [];
    for (const spoofed of SPOOFED) {
      replies.push(await proxied('/api/auth/sign-in/email', CLIENT.spoofing, signIn, { 'x-forwarded-for': spoofed }));
    }
    // Better Auth allows 3 sign-ins per 10 s per client address: claiming new addresses buys no more.
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(await sessionAddress(proxyURL, CLIENT.spoofing, replies[0]!)).toBe(CLIENT.spoofing);
    // The count is the client's, not the proxy's: another client through the same nginx still signs in.
    expect((await proxied('/api/auth/sign-in/email', CLIENT.other, signIn)).status).toBe(200);
  });

  it('ignores the same X-Forwarded-For sent to the app directly, past the proxy', async () => {
    const replies = [];
    for (const spoofed of SPOOFED) {
      replies.push(
        await post(appURL, '/api/auth/sign-in/email', CLIENT.direct, signIn, { 'x-forwarded-for': spoofed }),
      );
    }
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
    expect(await sessionAddress(appURL, CLIENT.direct, replies[0]!)).toBe(CLIENT.direct);
  });

  it('lets a full-size avatar upload through to the app', async () => {
    const reply = await send(
      `${proxyURL}/api/v1/files/upload`,
      {
        method: 'POST',
        from: CLIENT.other,
        headers: { origin: proxyURL, 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(MAX_UPLOAD_BODY_BYTES),
      },
      cert,
    );
    // The app, not nginx, answers: nobody is signed in. nginx's own limit would answer 413.
    expect(reply.status, reply.body.slice(0, 200)).toBe(401);
  });

  it('redirects plain HTTP to HTTPS, and passes on the single Strict-Transport-Security the app sends', async () => {
    const redirect = await send(`${redirectURL}/sign-in?next=%2Fprofile`, { from: CLIENT.other });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://127.0.0.1/sign-in?next=%2Fprofile');

    const health = await send(`${proxyURL}/api/v1/health`, { from: CLIENT.other }, cert);
    expect(health.rawHeaderNames.filter((name) => name === 'strict-transport-security')).toHaveLength(1);
  });
});
