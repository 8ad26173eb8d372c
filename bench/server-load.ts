/**
 * The server under load, as `npm start` runs it (compiled, in its own process, on SQLite), driven by
 * autocannon over loopback. Prints, measured in this one run:
 * - `get-session` requests/s ÷ a bare route of the same server (`/api/v1/health`), on SQLite and
 *   again with sessions in Redis (a server of its own, on Redis database 15, emptied afterwards);
 * - `get-session` p99 while clients sign in as fast as they can ÷ its p99 alone (medians of three turns);
 * - sign-ins/s ÷ raw scrypt checks/s (Better Auth's parameters through Node's own scrypt, same
 *   concurrency, same machine);
 * - the server's RSS idle, and after each of two equal rounds of mixed requests, guest sign-ins from
 *   public addresses among them (through a trusted proxy), so both location databases are in use.
 * `BENCH_SECONDS` (default 5) sets each measurement's length, `BENCH_ROUNDS_REQUESTS` (50,000) a round,
 * `BENCH_SIGN_INS` (96) the sign-ins and raw checks of each turn.
 */
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { PASSWORD, rssMiB, startServer } from './bench-server';
import { signInsAgainstScrypt, type SignIn } from './sign-in-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
const ROUND_REQUESTS = Number(process.env.BENCH_ROUNDS_REQUESTS ?? 50_000);
const CONNECTIONS = 16;
const BENCH_REDIS_URL = 'redis://127.0.0.1:6379/15';

type Result = autocannon.Result;
const run = (options: autocannon.Options) => autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
const perSecond = (result: Result) => result.requests.average;

/**
 * get-session and the bare route of one server, taking turns twice (the machine's speed drifts
 * within a run); each figure is the mean of its two turns, its p99 the worse of the two. Both are
 * warmed first, unmeasured: a first turn would otherwise count the compiling of the longer path.
 */
async function sessionAgainstBare({ baseURL, cookie }: { baseURL: string; cookie: string }) {
  const bareRoute = { url: `${baseURL}/api/v1/health` };
  const sessionCheck = { url: `${baseURL}/api/auth/get-session`, headers: { cookie } };
  for (const warm of [bareRoute, sessionCheck]) await run({ ...warm, duration: WARM_UP_SECONDS });
  const turns: { bare: Result; session: Result }[] = [];
  for (let turn = 0; turn < 2; turn += 1) {
    const bare = await run(bareRoute);
    const session = await run(sessionCheck);
    turns.push({ bare, session });
  }
  const combine = (results: Result[]) => ({
    requestsPerSecond: results.reduce((sum, result) => sum + perSecond(result), 0) / results.length,
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  });
  return {
    bare: combine(turns.map((turn) => turn.bare)),
    session: combine(turns.map((turn) => turn.session)),
  };
}

/**
 * get-session alone, then beside clients signing in as fast as they can, taking turns three times;
 * each p99 is the median of its three. autocannon reads latencies in whole milliseconds, and one
 * turn's p99 moved by two or three of them between turns on an idle machine.
 */
async function burstAgainstIdle(sessionCheck: autocannon.Options, signIn: SignIn) {
  const idle: number[] = [];
  const burst: number[] = [];
  const results: { duringBurst: Result; burstBeside: Result }[] = [];
  for (let turn = 0; turn < 3; turn += 1) {
    idle.push((await run(sessionCheck)).latency.p99);
    const [duringBurst, burstBeside] = await Promise.all([run(sessionCheck), run(signIn)]);
    burst.push(duringBurst.latency.p99);
    results.push({ duringBurst, burstBeside });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  return {
    idleP99: median(idle),
    burstP99: median(burst),
    // Sign-ins/s beside the load: the mean of the turns, as one autocannon result reads it.
    burstBeside: results.reduce((total, turn) => total + perSecond(turn.burstBeside), 0) / results.length,
    non2xx: results.reduce((total, turn) => total + turn.duringBurst.non2xx + turn.burstBeside.non2xx, 0),
  };
}

async function withRedis() {
  const redis = new Redis(BENCH_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await redis.connect().catch((error: unknown) => {
    throw new Error(`Redis is not reachable at ${BENCH_REDIS_URL} (${String(error)}): start it first.`);
  });
  const server = await startServer({ REDIS_URL: BENCH_REDIS_URL });
  try {
    return await sessionAgainstBare(server);
  } finally {
    await server.stop();
    await redis.flushdb();
    redis.disconnect();
  }
}

let addressSeed = 7;
/** A different public-looking address each call, IPv4 and IPv6 in turn (only the proxy says it). */
function nextPublicAddress(): string {
  addressSeed = (addressSeed * 1_103_515_245 + 12_345) % 2 ** 31;
  const part = (shift: number) => (addressSeed >> shift) & 0xff;
  return addressSeed % 2 === 0
    ? `${1 + (part(3) % 99)}.${part(11)}.${part(19)}.${1 + (part(7) % 250)}`
    : `2a0${part(5) % 10}:${part(9).toString(16)}${part(17).toString(16)}::${part(13).toString(16)}`;
}

async function main() {
  const server = await startServer();
  const { baseURL, json, cookie, pid } = server;
  try {
    const idleRss = rssMiB(pid);
    const { bare, session } = await sessionAgainstBare(server);
    const signIn = {
      url: `${baseURL}/api/auth/sign-in/email`,
      method: 'POST' as const,
      headers: json,
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    };
    const { burst, scrypt, cpuMsEach } = await signInsAgainstScrypt(signIn, pid, CONNECTIONS);
    const {
      idleP99,
      burstP99,
      burstBeside,
      non2xx: burstNon2xx,
    } = await burstAgainstIdle({ url: `${baseURL}/api/auth/get-session`, headers: { cookie } }, signIn);

    const mixed = () =>
      autocannon({
        url: baseURL,
        connections: CONNECTIONS,
        amount: ROUND_REQUESTS,
        requests: [
          { method: 'GET', path: '/api/auth/get-session', headers: { cookie } },
          { method: 'GET', path: '/api/v1/me', headers: { cookie } },
          { method: 'GET', path: '/api/v1/organizations', headers: { cookie } },
          { method: 'GET', path: '/api/v1/health' },
          { method: 'GET', path: '/auth' },
          {
            method: 'POST',
            path: '/api/auth/sign-in/anonymous',
            headers: json,
            body: '{}',
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': nextPublicAddress() },
            }),
          },
        ],
      });
    const rounds = [await mixed()];
    const afterFirst = rssMiB(pid);
    rounds.push(await mixed());
    const afterSecond = rssMiB(pid);
    await server.stop();
    const redis = await withRedis();

    const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
    const rows = [
      [
        'get-session req/s ÷ bare route req/s (SQLite)',
        `${session.requestsPerSecond.toFixed(0)} ÷ ${bare.requestsPerSecond.toFixed(0)}`,
        ratio(session.requestsPerSecond, bare.requestsPerSecond),
        '≥ 0.5',
      ],
      [
        'get-session req/s ÷ bare route req/s (Redis)',
        `${redis.session.requestsPerSecond.toFixed(0)} ÷ ${redis.bare.requestsPerSecond.toFixed(0)}`,
        ratio(redis.session.requestsPerSecond, redis.bare.requestsPerSecond),
        '≥ 0.5',
      ],
      [
        'get-session p99 in a sign-in burst ÷ idle p99 (ms)',
        `${burstP99} ÷ ${idleP99}`,
        ratio(burstP99, idleP99),
        '≤ 2',
      ],
      [
        'sign-ins/s ÷ raw scrypt checks/s',
        `${burst.perSecond.toFixed(1)} ÷ ${scrypt.toFixed(1)}`,
        ratio(burst.perSecond, scrypt),
        '≥ 0.9',
      ],
      [
        'processor ms per raw scrypt check ÷ per sign-in',
        `${cpuMsEach.scrypt.toFixed(0)} ÷ ${cpuMsEach.signIn.toFixed(0)}`,
        ratio(cpuMsEach.scrypt, cpuMsEach.signIn),
        '(shown)',
      ],
      [
        'sign-ins/s beside get-session load ÷ alone',
        `${burstBeside.toFixed(1)} ÷ ${burst.perSecond.toFixed(1)}`,
        ratio(burstBeside, burst.perSecond),
        '(shown)',
      ],
      [
        'server RSS MiB: idle, after round 1, after round 2',
        `${idleRss}, ${afterFirst}, ${afterSecond}`,
        ratio(afterSecond, afterFirst),
        '≤ 150 MiB, flat',
      ],
    ];
    process.stdout.write(
      `Server under load (${CONNECTIONS} connections, ${SECONDS} s each, rounds of ${ROUND_REQUESTS})\n`,
    );
    for (const [what, figures, value, budget] of rows) {
      process.stdout.write(`${what!.padEnd(52)} ${figures!.padEnd(22)} ratio ${value!.padEnd(6)} budget ${budget}\n`);
    }
    const failures =
      // A sign-in that fails stops the run (`signInsAgainstScrypt`).
      burstNon2xx + rounds.reduce((sum, result) => sum + result.non2xx, 0) + session.non2xx + redis.session.non2xx;
    if (failures > 0)
      process.stdout.write(`(${failures} answers were not 2xx: the figures above are not comparable)\n`);
  } finally {
    await server.stop().catch(() => {});
  }
}

await main();
