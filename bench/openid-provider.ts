/**
 * Gatehouse as an OpenID Connect provider under load: the compiled server in its own process (as
 * `npm start` runs it, on SQLite), driven by autocannon over loopback. Prints, measured in this one
 * run, each as requests/s ÷ the bare route of the same server (`/api/v1/health`), the two taking turns:
 * - userinfo (`GET /api/auth/oauth2/userinfo`, one Bearer access token, as relying parties call it);
 * - code exchange (`POST /api/auth/oauth2/token`, `authorization_code`): every code is single-use, so
 *   a pool is minted first (authorize with a remembered consent, unmeasured) and spent once;
 * - refresh (`POST /api/auth/oauth2/token`, `refresh_token`): every refresh token is single-use too;
 *   the code exchanges' own refresh tokens (`offline_access`) are the pool.
 * Rate limits are off (`UNSAFE_DISABLE_RATE_LIMIT`), as in `bench:server`: the figures are the
 * endpoints', not the limiter's. `BENCH_SECONDS` (default 5) sets each timed turn, `BENCH_OPENID_CODES`
 * (default 1,000) the codes of each exchange turn.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { TestClient } from '#test/http-client';
import { registerTestApplication, TEST_REDIRECT_URI } from '#test/openid';
import { createTestContext } from '#test/test-context';
import { BENCH_SECRET, cpuMs, startServer } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CODES = Number(process.env.BENCH_OPENID_CODES ?? 1_000);
const WARM_UP_CODES = 200;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 16;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const SCOPE = 'openid profile email offline_access';

/** An autocannon result, and the server's processor time per request over it (all its threads, ms). */
type Result = autocannon.Result & { cpuMsEach: number };
/** Requests/s from first request to last answer: the same reading for timed and counted runs. */
const perSecond = (result: Result) => result.requests.total / result.duration;

/** Runs `load` against the server `pid`, counting the processor time the server spent meanwhile. */
async function measured(pid: number, load: () => Promise<autocannon.Result>): Promise<Result> {
  const before = cpuMs(pid);
  const result = await load();
  return Object.assign(result, { cpuMsEach: (cpuMs(pid) - before) / Math.max(1, result.requests.total) });
}

/**
 * Registers the application on the server's own SQLite file, through an in-process instance on the
 * same data folder and secret: applications are registered by platform admins only, server-side.
 */
async function registerApplication(dataDir: string) {
  const context = await createTestContext('sqlite', {
    reuse: { dataDir },
    env: { BETTER_AUTH_SECRET: BENCH_SECRET, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  try {
    const admin = new TestClient(context.app);
    const signedIn = await admin.post('/api/auth/sign-in/email', ADMIN);
    if (signedIn.status !== 200) throw new Error(`admin sign-in failed: ${signedIn.status} ${signedIn.text}`);
    return await registerTestApplication(context, admin, { name: 'Bench app' });
  } finally {
    await context.destroy();
  }
}

/** The person's browser: authorize (consenting the first time), answering the code it is sent back with. */
function authorizer(baseURL: string, cookie: string, clientId: string) {
  const codeVerifier = crypto.randomBytes(32).toString('base64url');
  const codeChallenge = crypto.createHash('sha256').update(codeVerifier).digest('base64url');
  const headers = { cookie, origin: baseURL };
  const redirectOf = async (response: Response) =>
    new URL(response.headers.get('location') ?? ((await response.json()) as { url: string }).url, baseURL);
  const authorize = async (): Promise<string> => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      scope: SCOPE,
      state: crypto.randomBytes(8).toString('hex'),
      nonce: crypto.randomBytes(8).toString('hex'),
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    let next = await redirectOf(
      await fetch(`${baseURL}/api/auth/oauth2/authorize?${query}`, { headers, redirect: 'manual' }),
    );
    if (next.pathname === '/consent') {
      const consented = await fetch(`${baseURL}/api/auth/oauth2/consent`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ accept: true, oauth_query: next.search.slice(1) }),
        redirect: 'manual',
      });
      next = await redirectOf(consented);
    }
    const code = next.searchParams.get('code');
    if (!code) throw new Error(`no code in ${next.href}`);
    return code;
  };
  const mint = async (count: number) => {
    const codes: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (codes.length < count) codes.push(await authorize());
      }),
    );
    return codes.slice(0, count);
  };
  return { codeVerifier, mint };
}

/** Sends each body of `pool` once to `url`, collecting each answer's `refresh_token`. */
async function spend(pid: number, url: string, authorization: string, pool: string[]) {
  let next = 0;
  const refreshTokens: string[] = [];
  const result = await measured(pid, () =>
    autocannon({
      url,
      connections: CONNECTIONS,
      amount: pool.length,
      requests: [
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          setupRequest: (request) => ({ ...request, body: pool[next++] ?? '' }),
          onResponse: (status, body) => {
            if (status === 200) refreshTokens.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
          },
        },
      ],
    }),
  );
  return { result, refreshTokens };
}

async function main() {
  const server = await startServer({ UNSAFE_DISABLE_RATE_LIMIT: 'true' });
  const { baseURL, cookie, pid } = server;
  try {
    const application = await registerApplication(server.dataDir);
    const authorization = `Basic ${Buffer.from(`${application.clientId}:${application.clientSecret}`).toString('base64')}`;
    const { codeVerifier, mint } = authorizer(baseURL, cookie, application.clientId);
    const tokenURL = `${baseURL}/api/auth/oauth2/token`;
    const exchangeBody = (code: string) =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: codeVerifier,
      }).toString();
    const refreshBody = (refreshToken: string) =>
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString();

    // Every code is minted before any is measured (codes live ten minutes).
    const minting = performance.now();
    const pools = [await mint(WARM_UP_CODES), await mint(CODES), await mint(CODES)];
    const mintSeconds = (performance.now() - minting) / 1000;

    const warm = await spend(pid, tokenURL, authorization, pools[0]!.map(exchangeBody));
    const accessToken = await (async () => {
      const response = await fetch(tokenURL, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: refreshBody(warm.refreshTokens.pop()!),
      });
      if (!response.ok) throw new Error(`refresh failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    })();
    await spend(pid, tokenURL, authorization, warm.refreshTokens.map(refreshBody));
    const bareRoute = { url: `${baseURL}/api/v1/health` };
    const userInfo = {
      url: `${baseURL}/api/auth/oauth2/userinfo`,
      headers: { authorization: `Bearer ${accessToken}` },
    };
    const timed = (options: autocannon.Options) =>
      measured(pid, () => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }));
    for (const route of [bareRoute, userInfo]) await timed({ ...route, duration: WARM_UP_SECONDS });

    // Taking turns twice: the machine's speed drifts within a run.
    const turns: Record<'bare' | 'userInfo' | 'exchange' | 'refresh', Result>[] = [];
    for (const pool of pools.slice(1)) {
      const bare = await timed(bareRoute);
      const info = await timed(userInfo);
      const exchange = await spend(pid, tokenURL, authorization, pool.map(exchangeBody));
      const refresh = await spend(pid, tokenURL, authorization, exchange.refreshTokens.map(refreshBody));
      turns.push({ bare, userInfo: info, exchange: exchange.result, refresh: refresh.result });
    }
    const mean = (name: keyof (typeof turns)[number], of: (result: Result) => number = perSecond) =>
      turns.reduce((sum, turn) => sum + of(turn[name]), 0) / turns.length;
    const cpuEach = (result: Result) => result.cpuMsEach;
    const failures = turns.reduce(
      (sum, turn) => sum + Object.values(turn).reduce((count, result) => count + result.non2xx + result.errors, 0),
      0,
    );
    const bare = mean('bare');
    const bareCpu = mean('bare', cpuEach);
    const rows = [
      ['userinfo', 'userInfo', '≥ 0.5'],
      ['code exchange', 'exchange', '(shown)'],
      ['refresh', 'refresh', '(shown)'],
    ] as const;
    process.stdout.write(
      `OpenID Connect provider (${CONNECTIONS} connections, ${SECONDS} s timed turns, ${CODES} codes a turn; ` +
        `${pools.flat().length} codes minted at ${(pools.flat().length / mintSeconds).toFixed(0)}/s)\n`,
    );
    for (const [what, name, budget] of rows) {
      const value = mean(name);
      process.stdout.write(
        `${`${what} req/s ÷ bare route req/s`.padEnd(44)} ${`${value.toFixed(0)} ÷ ${bare.toFixed(0)}`.padEnd(14)} ` +
          `ratio ${(value / bare).toFixed(2).padEnd(6)} budget ${budget}\n`,
      );
    }
    // The processor time each request costs the server: steadier than req/s on a shared machine.
    for (const [what, name] of rows) {
      const value = mean(name, cpuEach);
      process.stdout.write(
        `${`bare route ÷ ${what}, server processor ms/req`.padEnd(44)} ${`${bareCpu.toFixed(2)} ÷ ${value.toFixed(2)}`.padEnd(14)} ` +
          `ratio ${(bareCpu / value).toFixed(2)}\n`,
      );
    }
    if (failures > 0)
      process.stdout.write(`(${failures} answers were not 2xx: the figures above are not comparable)\n`);
  } finally {
    await server.stop().catch(() => {});
  }
}

await main();
