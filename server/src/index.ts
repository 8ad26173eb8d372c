import { serve } from '@hono/node-server';
import { createContext } from './context';
import { ConfigError, loadConfig } from './env';
import { errorFields } from './lib/logger';

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

  const context = await createContext(config);
  const { logger } = context;
  if (!context.spa.built) logger.warn('web console not built: run `npm run build` to serve it');

  const server = serve({ fetch: context.app.fetch, port: config.port }, (info) => {
    logger.info('listening', { url: config.publicUrl, port: info.port, database: context.database.description });
  });
  server.on('error', (error) => {
    logger.error('server failed', errorFields(error));
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    server.close(() => {
      void context.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Gatehouse failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
