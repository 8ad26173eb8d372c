import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess } from '#test/server-process';

/** The password of the account every benchmark signs in as. */
export const PASSWORD = 'bench-password-1';
/** The server's secret, with which a benchmark may sign the session cookies it writes itself. */
export const BENCH_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** Processor time the process has used, all its threads, in ms. */
export const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
export const rssMiB = (pid: number) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

/** The compiled server in its own process, on a throwaway data folder, with one account signed up. */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    dataDir,
    {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      BETTER_AUTH_SECRET: BENCH_SECRET,
      GUEST_SWEEP_INTERVAL_SECONDS: '0',
      TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    },
    { compiled: true },
  );
  const json = { 'content-type': 'application/json', origin: baseURL };
  const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD, name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return {
    baseURL,
    dataDir,
    json,
    cookie,
    pid: server.child.pid!,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
