import { spawn } from 'node:child_process';
import readline from 'node:readline';
import type { KyselyPlugin, QueryId } from 'kysely';
import type { Database } from '../../db/database';
import { ROOT } from '../../testing/server-process';
import { TEST_POSTGRES_URL, type TestContext } from '../../testing/test-context';

/** What the other instance's action came to (see `owner-race-instance.ts`). */
export interface Outcome {
  moved?: Record<string, unknown>;
  deleted?: true;
  demoted?: true;
  failed?: string;
}

/**
 * The database, but the transaction that first runs a query whose SQL `matches` stops right after
 * it, holding whatever it has locked, until `release`: `reached` resolves once it has stopped.
 */
export function pauseAfter(database: Database, matches: (sql: string) => boolean) {
  let reach = () => {};
  let release = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const matching = new WeakSet<QueryId>();
  let stopped = false;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (!stopped && matches(database.db.getExecutor().compileQuery(node, queryId).sql)) matching.add(queryId);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      if (matching.has(queryId) && !stopped) {
        stopped = true;
        reach();
        await released;
      }
      return result;
    },
  };
  return { database: { ...database, db: database.db.withPlugin(plugin) }, reached, release };
}

/**
 * Another instance on the context's database, in a process of its own, ready to act: `act` starts
 * an action (`owner-race-instance.ts` lists them) and resolves with its outcome; `stop` ends it,
 * whatever it is doing.
 */
export async function otherInstance(context: TestContext) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/auth/guest-upgrade/owner-race-instance.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: context.dataDir,
      ...(context.postgresSchema ? { DATABASE_URL: TEST_POSTGRES_URL, POSTGRES_SCHEMA: context.postgresSchema } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`The other instance ended without answering:\n${errors}`);
    return value as string;
  };
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const first = await nextLine().catch((error: unknown) => {
    stop();
    throw error;
  });
  if (first !== 'ready') {
    stop();
    throw new Error(`The other instance said "${first}" instead of "ready":\n${errors}`);
  }
  return {
    act: async (...args: string[]): Promise<Outcome> => {
      child.stdin.write(`${args.join(' ')}\n`);
      return JSON.parse(await nextLine()) as Outcome;
    },
    stop,
  };
}
