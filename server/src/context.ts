import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { ensureAdmin } from './auth/admin-bootstrap';
import { createAuth, type Auth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { createApp } from './app';
import { createDatabase, type DatabaseOptions } from './db/database';
import { migrate } from './db/migrate';
import type { Config } from './env';
import { loadSpa } from './http/spa';
import { createLogger, type Logger } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { createMailer, type Mailer } from './mail/mailer';
import { createGeoLookup } from './auth/session-geo';
import { createPasswordHasher } from './auth/password-hashing';
import { createAuditLog } from './audit/audit-log';
import { createAvatarStore } from './routes/files/avatar-store';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface ContextOptions {
  logger?: Logger;
  database?: Partial<Pick<DatabaseOptions, 'postgresSchema' | 'sqliteFile'>>;
  webDist?: string;
  redisKeyPrefix?: string;
  mailer?: Mailer;
}

/**
 * Everything the server is made of, ready to serve: the database migrated, the first admin in
 * place, the SPA in memory. Built once at start; nothing here runs per request.
 */
export async function createContext(config: Config, options: ContextOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  // Before anything that needs closing: it opens no file until the first public address.
  const geoLookup = createGeoLookup(config.geoipDatabases, logger);
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...options.database });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, keyPrefix: options.redisKeyPrefix })
    : undefined;
  // ioredis reconnects by itself; say once that Redis is away, and once that it is back.
  let redisAway = false;
  redis?.on('error', (error: Error) => {
    if (!redisAway) logger.warn('redis unavailable', { error: error.message });
    redisAway = true;
  });
  redis?.on('ready', () => {
    if (redisAway) logger.info('redis available again');
    redisAway = false;
  });
  const passwordHasher = createPasswordHasher();
  const audit = createAuditLog(database.db, logger);
  let auth: Auth | undefined;
  const close = async () => {
    // What the last requests left behind is done before the database closes.
    await auth?.settle();
    redis?.disconnect();
    geoLookup.close();
    await passwordHasher.close();
    await database.close();
  };
  try {
    const mailer = options.mailer ?? createMailer({ ...config, logger });
    const metrics = createMetrics({ poolStats: database.poolStats });
    auth = createAuth({
      config,
      database,
      secret: resolveAuthSecret(config),
      logger,
      mailer,
      geoLookup,
      redis,
      metrics,
      passwordHasher,
      audit,
      storeAvatar: createAvatarStore(database, config.publicUrl),
    });
    let migration;
    try {
      migration = await migrate(auth, database);
      // Better Auth checks the schema in the background at init; settle it here so a mismatch stops
      // the start with its message, and nothing is left running against a closed connection.
      await (await auth.$context).checkSchema?.();
    } catch (error) {
      throw new Error(
        `Database ${database.description} is not usable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (migration.created.length + migration.altered.length + migration.applied.length > 0) {
      logger.info('database migrated', migration);
    }
    if (config.adminEmail && config.adminPassword) {
      const outcome = await ensureAdmin(
        auth,
        { email: config.adminEmail, password: config.adminPassword },
        (takeOver) =>
          logger.warn('ADMIN_EMAIL belonged to an account without the admin role or ADMIN_PASSWORD: taken over', {
            email: config.adminEmail,
            ...takeOver,
          }),
      );
      if (outcome !== 'unchanged') logger.info(`admin ${outcome}`, { email: config.adminEmail });
    }
    const spa = loadSpa(options.webDist ?? DEFAULT_WEB_DIST);
    const app = createApp({ config, auth, database, logger, spa, mailer, redis, metrics, audit });
    return { config, logger, database, redis, auth, app, spa, mailer, metrics, audit, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export type AppContext = Awaited<ReturnType<typeof createContext>>;
