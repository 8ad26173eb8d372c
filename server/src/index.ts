import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { openSetupLink, setupLinkLine } from './auth/first-admin/setup-link';
import { scheduleGuestSweep } from './auth/guest-sweep';
import { scheduleAuditPrune } from './audit/audit-log';
import { createContext } from './context';
import { ConfigError, loadConfig } from './env';
import { metricsApp } from './routes/metrics';
import { createLogger, errorFields, routeConsoleTo } from './lib/logger';

/** How long requests in flight get to finish after SIGTERM before their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel);
  // Before anything starts: a library that prints on its own writes JSON lines too.
  routeConsoleTo(logger);
  const context = await createContext(config, { logger });
  if (!context.spa.built) logger.warn('web console not built: run `npm run build` to serve it');
  // Without ADMIN_EMAIL, and while no admin exists, the start hands its console a one-time link that
  // creates the first admin in the browser (decision 0073).
  const setupLink = config.adminEmail ? undefined : await openSetupLink(context.database.db, config.publicUrl);

  const server = serve({ fetch: context.app.fetch, port: config.port }, (info) => {
    logger.info('listening', { url: config.publicUrl, port: info.port, database: context.database.description });
    if (setupLink) process.stdout.write(`${setupLinkLine(setupLink)}\n`);
  });
  server.on('error', (error) => {
    logger.error('server failed', errorFields(error));
    process.exit(1);
  });

  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : serve({ fetch: metricsApp(context.metrics).fetch, port: config.metricsPort, hostname: config.metricsHost });

  const stopSweep = scheduleGuestSweep(context.auth, logger, {
    maxAgeSeconds: config.guestMaxAgeSeconds,
    intervalSeconds: config.guestSweepIntervalSeconds,
  });

  const stopAuditPrune = scheduleAuditPrune(context.audit, logger, config.auditRetentionDays);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    stopSweep();
    stopAuditPrune();
    metricsServer?.close();
    let closing: Promise<void> | undefined;
    const exit = () => {
      closing ??= context.close().finally(() => process.exit(0));
    };
    // No new connections; requests in flight finish; idle kept-alive connections close now.
    server.close(exit);
    // serve() made an http.Server: no TLS or HTTP/2 options are passed.
    const http = server as Server;
    http.closeIdleConnections();
    setTimeout(() => {
      logger.warn('requests still running after the grace period: closing their connections');
      http.closeAllConnections();
      exit();
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Gatehouse failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
