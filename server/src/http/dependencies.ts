import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database';

/** How long a readiness or outage check waits for an answer: a hung dependency counts as down. */
const PROBE_TIMEOUT_MS = 1500;

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type DependencyName = 'database' | 'redis';

/** The services every request may need, probed on demand (readiness, and telling an outage from a bug). */
export function dependencyChecks({ database, redis }: { database: Database; redis: Redis | undefined }) {
  const probes: Array<[DependencyName, () => Promise<unknown>]> = [
    ['database', () => sql`select 1`.execute(database.db)],
    ...(redis ? [['redis', () => redis.ping()] as [DependencyName, () => Promise<unknown>]] : []),
  ];
  return {
    /** Each dependency and whether it answered. */
    async status(): Promise<Partial<Record<DependencyName, 'up' | 'down'>>> {
      const results = await Promise.all(
        probes.map(async ([name, probe]) => [name, (await answers(probe)) ? 'up' : 'down']),
      );
      return Object.fromEntries(results);
    },
    /** The first dependency that does not answer, if any. */
    async firstDown(): Promise<DependencyName | undefined> {
      const status = await this.status();
      return probes.map(([name]) => name).find((name) => status[name] === 'down');
    },
  };
}

export type DependencyChecks = ReturnType<typeof dependencyChecks>;

export const OUTAGE_MESSAGES: Record<DependencyName, string> = {
  database: 'The database is not answering. Try again in a moment.',
  redis: 'The session store is not answering. Try again in a moment.',
};
