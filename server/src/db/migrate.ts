import { getMigrations } from 'better-auth/db/migration';
import type { Auth } from '../auth/auth';

/**
 * Brings the database up to the schema of the configured auth (core tables and every plugin's).
 * Additive and idempotent: an up-to-date database runs nothing.
 */
export async function migrate(auth: Auth): Promise<{ created: string[]; altered: string[] }> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  return {
    created: toBeCreated.map((table) => table.table),
    altered: toBeAdded.map((table) => table.table),
  };
}
