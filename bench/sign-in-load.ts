/**
 * Sign-ins against raw scrypt checks, for `server-load.ts`: how close a sign-in comes to the hash it
 * is built around. `BENCH_SIGN_INS` (96) sets the sign-ins and raw checks of each turn,
 * `BENCH_SIGN_IN_WARM_UP` (400) the unmeasured sign-ins before them.
 */
import http from 'node:http';
import { verifyPassword, hashPassword } from 'better-auth/crypto';
import { cpuMs, PASSWORD } from './bench-server';
import { runCounted } from './run-counted';

/** Sign-ins (and raw checks) per turn: a count, not a duration, so none is cut off mid-hash. */
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 96);
/**
 * Sign-ins before the measured turns, as the session check is warmed before its own. V8 compiles the
 * sign-in's path (Better Auth's, Kysely's, undici's) over its first few hundred runs, on threads that
 * take the processor from hashing: the first 300 of a new server ran 3–12% slower than later ones.
 */
const WARM_UP = Number(process.env.BENCH_SIGN_IN_WARM_UP ?? 400);

export type SignIn = { url: string; method: 'POST'; headers: Record<string, string>; body: string };

/** A fixed number of raw scrypt checks, `concurrency` at a time, counted whole like the sign-ins. */
async function rawScryptChecks(count: number, concurrency: number) {
  const hash = await hashPassword(PASSWORD);
  const cpuBefore = process.cpuUsage();
  const seconds = await runCounted(count, concurrency, () => verifyPassword({ hash, password: PASSWORD }));
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: count / seconds, cpuMsEach: (cpu.user + cpu.system) / 1000 / count };
}

/**
 * One sign-in per call, over the agent's kept-alive connections. The client shares the two cores with
 * the server, and its processor counts against the sign-ins, not the raw checks: `fetch` spent
 * 1.5–2.2 ms of it per sign-in, `node:http` 1.0–1.1.
 */
function signInClient({ url, method, headers, body }: SignIn, agent: http.Agent) {
  const request = { method, agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } };
  return () =>
    new Promise<void>((resolve, reject) => {
      http
        .request(url, request, (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`sign-in answered ${response.statusCode}`)),
          );
        })
        .on('error', reject)
        .end(body);
    });
}

/**
 * Sign-ins against raw scrypt checks, taking turns twice like the session check and the bare route
 * (each is bound by the same two cores, and the machine's speed drifts within a run). Both are timed
 * by `runCounted`, from the first start to the last answer: autocannon's own duration ends on its
 * one-second sampling tick, which added up to a second to five of sign-ins.
 */
export async function signInsAgainstScrypt(signIn: SignIn, pid: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true });
  const signInOnce = signInClient(signIn, agent);
  await runCounted(WARM_UP, concurrency, signInOnce);
  const signIns: number[] = [];
  const scrypt: Awaited<ReturnType<typeof rawScryptChecks>>[] = [];
  let serverCpuMs = 0;
  for (let turn = 0; turn < 2; turn += 1) {
    const cpuBefore = cpuMs(pid);
    const seconds = await runCounted(SIGN_INS, concurrency, signInOnce);
    serverCpuMs += cpuMs(pid) - cpuBefore;
    signIns.push(SIGN_INS / seconds);
    scrypt.push(await rawScryptChecks(SIGN_INS, concurrency));
  }
  agent.destroy();
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    burst: { perSecond: mean(signIns) },
    scrypt: mean(scrypt.map((turn) => turn.perSecond)),
    cpuMsEach: {
      signIn: serverCpuMs / (SIGN_INS * signIns.length),
      scrypt: mean(scrypt.map((turn) => turn.cpuMsEach)),
    },
  };
}
