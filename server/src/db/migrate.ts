import type { BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/**
 * Brings the database up to date: first Better Auth's tables (core and every plugin's), then ours
 * (which may reference them). Idempotent: an up-to-date database runs nothing.
 */
export async function migrate(
  auth: { options: BetterAuthOptions },
  database: Database,
): Promise<{ created: string[]; altered: string[]; applied: string[] }> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(auth.options);
  await runMigrations();

  const provider: MigrationProvider = { getMigrations: async () => migrations(database.engine) };
  // Kysely looks for its tables in every schema it can see; name ours, or another schema's would do.
  const schema =
    database.engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider,
    migrationTableName: 'gatehouse_migration',
    migrationLockTableName: 'gatehouse_migration_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));

  return {
    created: toBeCreated.map((table) => table.table),
    altered: toBeAdded.map((table) => table.table),
    applied: (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName),
  };
}
