import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseURL: string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  output: () => string;
}

export interface ServerProcessOptions {
  /** Run what `npm start` runs (`server/dist`, built by `npm run build`) rather than the sources through tsx. */
  compiled?: boolean;
  /** The host name in the server's URL (WebAuthn needs `localhost`, not an address). */
  hostname?: string;
}

export const COMPILED_ENTRY = 'server/dist/index.js';
/** How `npm run serve` (and the Docker image) runs it: its flags (decision 0054) and environment (0052, 0054). */
export const COMPILED_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20'];
export const COMPILED_ENV = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1:glibc.malloc.arena_max=2' };

/**
 * The real server in its own process, on the given data directory and `env.PORT` or a free loopback
 * port, once it answers its health check. For what only a real process shows: signals, crashes,
 * sockets, a proxy in front, a browser.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  { compiled = false, hostname = '127.0.0.1' }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseURL = `http://${hostname}:${port}`;
  let output = '';
  const entry = compiled ? [...COMPILED_FLAGS, COMPILED_ENTRY] : ['--import', 'tsx', 'server/src/index.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      UNSAFE_DISABLE_RATE_LIMIT: 'true',
      ...(compiled ? COMPILED_ENV : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before serving:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/v1/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseURL, exited, output: () => output };
}
