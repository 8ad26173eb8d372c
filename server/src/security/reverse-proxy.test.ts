import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES } from '../routes/files';
import { ROOT, startServerProcess } from '../testing/server-process';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SHIPPED_CONFIG = path.join(ROOT, 'deploy/nginx/gatehouse.conf');
const PROXY_SNIPPET = path.join(ROOT, 'deploy/nginx/gatehouse-proxy.conf');
/**
 * nginx connects to the app from 127.0.0.1, the one trusted proxy. Each client connects from its own
 * other loopback address, so the address the app records tells the client from the proxy, and each
 * case has its own rate-limit count.
 */
const CLIENT = { signedIn: '127.0.0.2', spoofing: '127.0.0.3', direct: '127.0.0.4', other: '127.0.0.5' };
const SPOOFED = ['203.0.113.9', '203.0.113.10', '203.0.113.11', '203.0.113.12'];
const USER = { email: 'proxied@example.com', password: 'proxied-password-1', name: 'Proxied' };

interface Process {
  child: ChildProcess;
  output: () => string;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names as received, in order, repeated as often as sent. */
  rawHeaderNames: string[];
  body: string;
}

interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address the connection is made from. */
  from: string;
}

/** Ports free on 127.0.0.1, all different: each is held until every one is found. */
async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

function launch(command: string, args: string[], env?: NodeJS.ProcessEnv): Process {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stop(running: Process | undefined) {
  const child = running?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** One request from a chosen loopback address (fetch cannot choose it), over HTTP or HTTPS. */
function send(url: string, { method = 'GET', headers = {}, body, from }: Send, ca?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const transport = url.startsWith('https:') ? https : http;
    const request = transport.request(url, { method, headers, localAddress: from, ca, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaderNames: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Polls until `ready` holds, or fails with the process's output once it exits or time runs out. */
async function waitFor(what: string, running: Process, ready: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (running.child.exitCode !== null || running.child.signalCode !== null) {
      throw new Error(
        `${what} exited (${running.child.exitCode ?? running.child.signalCode}) before serving:\n${running.output()}`,
      );
    }
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not serve within 60 s:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Replaces exactly one occurrence, so a change to the shipped file stops the test instead of going unnoticed. */
function replaceOnce(text: string, search: string, replacement: string): string {
  const count = text.split(search).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx/gatehouse.conf: expected "${search}" once, found it ${count} times`);
  return text.replace(search, replacement);
}

/**
 * The shipped configuration as it is, on loopback ports: only the listen addresses, the upstream
 * port, the certificate and the path of the shared proxy snippet change. The IPv6 listeners go,
 * since the machine may have no IPv6.
 */
function testConfig(shipped: string, ports: { app: number; http: number; https: number }, tls: string): string {
  let config = shipped;
  config = replaceOnce(config, 'server 127.0.0.1:3000;', `server 127.0.0.1:${ports.app};`);
  config = replaceOnce(config, '    listen 80;\n', `    listen 127.0.0.1:${ports.http};\n`);
  config = replaceOnce(config, '    listen [::]:80;\n', '');
  config = replaceOnce(config, '    listen 443 ssl http2;\n', `    listen 127.0.0.1:${ports.https} ssl http2;\n`);
  config = replaceOnce(config, '    listen [::]:443 ssl http2;\n', '');
  config = config.replace(/ssl_certificate (\S+);/, `ssl_certificate ${tls}/cert.pem;`);
  config = config.replace(/ssl_certificate_key (\S+);/, `ssl_certificate_key ${tls}/key.pem;`);
  config = replaceOnce(config, 'include snippets/gatehouse-proxy.conf;', `include ${PROXY_SNIPPET};`);
  return config;
}

/** The session cookies a sign-in set, ready to send back. */
const cookiesOf = (reply: Reply) =>
  (reply.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');

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
