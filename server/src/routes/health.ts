import { sql } from 'kysely';
import { Hono } from 'hono';
import type { Database } from '../db/database';

/** Answers 200 once the server can serve: the database answers a query. */
export function healthRoutes(database: Database) {
  return new Hono().get('/', async (c) => {
    try {
      await sql`select 1`.execute(database.db);
      return c.json({ status: 'ok', database: database.engine });
    } catch {
      return c.json({ status: 'unavailable', database: database.engine }, 503);
    }
  });
}
