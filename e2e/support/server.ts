import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** What `npm start` runs, built from server/src by `npm run build`. */
const SERVER_ENTRY = 'server/dist/index.js';

export const E2E_ADMIN = { email: 'admin@gatehouse.test', password: 'admin-password-e2e', name: 'Administrator' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** The compiled server (`npm run build`), as `npm start` runs it, on a free port and a temp SQLite file. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of ['web/dist/index.html', SERVER_ENTRY]) {
    if (!fs.existsSync(path.join(ROOT, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` before the end-to-end tests.`);
    }
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      TRUST_PROXY_GEO_HEADERS: 'true',
      // Every browser of the run signs in from 127.0.0.1: the limits would trip across tests.
      UNSAFE_DISABLE_RATE_LIMIT: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before serving:\n${output}`);
    try {
      const health = await fetch(`${baseURL}/api/v1/health`);
      if (health.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/v1/health within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseURL,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
