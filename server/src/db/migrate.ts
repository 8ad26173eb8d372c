import { getMigrations } from 'better-auth/db/migration';
import { Migrator, type MigrationProvider } from 'kysely';
import type { Auth } from '../auth/auth';
import type { Database } from './database';
import { migrations } from './migrations';

/**
 * Brings the database up to date: first Better Auth's tables (core and every plugin's), then ours
 * (which may reference them). Idempotent: an up-to-date database runs nothing.
 */
export async function migrate(
  auth: Auth,
  database: Database,
): Promise<{ created: string[]; altered: string[]; applied: string[] }> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(auth.options);
  await runMigrations();

  const provider: MigrationProvider = { getMigrations: async () => migrations(database.engine) };
  const migrator = new Migrator({
    db: database.db,
    provider,
    migrationTableName: 'gatehouse_migration',
    migrationLockTableName: 'gatehouse_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));

  return {
    created: toBeCreated.map((table) => table.table),
    altered: toBeAdded.map((table) => table.table),
    applied: (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName),
  };
}
