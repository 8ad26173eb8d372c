import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createContext, type AppContext, type ContextOptions } from '../src/context';
import { loadConfig, type Config } from '../src/env';
import { createLogger } from '../src/lib/logger';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_ORIGIN = 'http://localhost:3000';
const TEST_AUTH_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A Redis client and a key prefix of the test's own; `release` deletes the prefix's keys and
 * disconnects. Fails loudly (never skips) when the local Redis is down.
 */
export async function connectTestRedis() {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL} (${String(error)}). Start it (redis-server --daemonize yes) or set TEST_REDIS_URL.`,
    );
  }
  const prefix = `gatehouse-test-${crypto.randomBytes(4).toString('hex')}:`;
  const release = async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  };
  return { redis, prefix, release };
}

/** Fails loudly (never skips) when the local PostgreSQL is down. */
export async function createThrowawaySchema(): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `gatehouse_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${String(error)}). ` +
        'Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.',
    );
  }
  await client.query(`create schema "${schema}"`);
  await client.end();
  return {
    schema,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop schema if exists "${schema}" cascade`);
      await dropper.end();
    },
  };
}

export interface TestContext extends AppContext {
  /** Tears down the context and its database (temp SQLite dir or throwaway PostgreSQL schema). */
  destroy(): Promise<void>;
  dataDir: string;
  postgresSchema: string | undefined;
}

export interface TestContextOptions extends Omit<ContextOptions, 'database'> {
  env?: Record<string, string>;
  /** Reuse the database of an earlier context (to test restarts on an already-migrated database). */
  reuse?: { dataDir: string; postgresSchema?: string };
}

export async function createTestContext(engine: Engine, options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = options.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-'));
  let postgres: { schema: string; drop: () => Promise<void> } | undefined;
  if (engine === 'postgres') {
    postgres = options.reuse?.postgresSchema
      ? { schema: options.reuse.postgresSchema, drop: async () => {} }
      : await createThrowawaySchema();
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    // In-process requests share one client address, so the limits would trip across tests: tests
    // that check rate limits turn them back on with UNSAFE_DISABLE_RATE_LIMIT=false.
    UNSAFE_DISABLE_RATE_LIMIT: 'true',
    // Instances sharing a database share a secret; the tests' instances are no exception.
    ...(engine === 'postgres' ? { BETTER_AUTH_SECRET: TEST_AUTH_SECRET } : {}),
    ...(engine === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL } : {}),
    ...options.env,
  });
  let context: AppContext;
  try {
    context = await createContext(config, {
      logger: options.logger ?? createLogger('silent'),
      webDist: options.webDist ?? path.join(dataDir, 'no-web-dist'),
      database: postgres ? { postgresSchema: postgres.schema } : {},
      ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    });
  } catch (error) {
    // A failed start leaves nothing behind for the next run to trip over.
    await postgres?.drop();
    if (!options.reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return Object.assign(context, {
    dataDir,
    postgresSchema: postgres?.schema,
    destroy: async () => {
      await context.close();
      await postgres?.drop();
      if (!options.reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/**
 * Two instances on one database and one Redis key prefix of their own, as behind a load balancer
 * (`secondEnv` adds to the second's environment). `destroy` stops both and deletes the prefix's keys.
 */
export async function createSharedInstances(
  engine: Engine,
  { env = {}, secondEnv = {} }: { env?: Record<string, string>; secondEnv?: Record<string, string> } = {},
) {
  const redis = await connectTestRedis();
  const shared = { REDIS_URL: TEST_REDIS_URL, ...env };
  const started: TestContext[] = [];
  const destroy = async () => {
    for (const context of started.reverse()) await context.destroy();
    await redis.release();
  };
  try {
    const first = await createTestContext(engine, { env: shared, redisKeyPrefix: redis.prefix });
    started.push(first);
    const reuse = { dataDir: first.dataDir, ...(first.postgresSchema ? { postgresSchema: first.postgresSchema } : {}) };
    const second = await createTestContext(engine, {
      env: { ...shared, ...secondEnv },
      redisKeyPrefix: redis.prefix,
      reuse,
    });
    started.push(second);
    return { first, second, redis, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}
