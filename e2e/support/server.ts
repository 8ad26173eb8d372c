import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_ENTRY, ROOT, startServerProcess } from '#test/server-process';

export { ROOT };

export const E2E_ADMIN = { email: 'admin@gatehouse.test', password: 'admin-password-e2e', name: 'Administrator' };

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** The compiled server (`npm run build`), as `npm start` runs it, on a free port and a temp SQLite file. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const built of ['web/dist/index.html', COMPILED_ENTRY]) {
    if (!fs.existsSync(path.join(ROOT, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` before the end-to-end tests.`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
  const server = await startServerProcess(
    dataDir,
    {
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      TRUST_PROXY_GEO_HEADERS: 'true',
      // Every browser of the run signs in from 127.0.0.1: the limits would trip across tests.
      UNSAFE_DISABLE_RATE_LIMIT: 'true',
      ...extraEnv,
    },
    { compiled: true, hostname: 'localhost' },
  );
  return {
    baseURL: server.baseURL,
    dataDir,
    output: server.output,
    stop: async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
