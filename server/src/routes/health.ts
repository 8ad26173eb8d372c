import { Hono } from 'hono';
import type { Database } from '../db/database';
import type { DependencyChecks } from '../http/dependencies';

/**
 * Liveness (`/`): the process serves requests (it listens only once migrated). Readiness (`/ready`):
 * the database, and Redis when configured, answer now; a load balancer sends traffic only then.
 */
export function healthRoutes(database: Database, dependencies: DependencyChecks) {
  return new Hono()
    .get('/', (c) => c.json({ status: 'ok', database: database.engine }))
    .get('/ready', async (c) => {
      const checks = await dependencies.status();
      const ready = Object.values(checks).every((state) => state === 'up');
      return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503);
    });
}
