import { PostgresDialect, type DatabaseIntrospector, type Kysely } from 'kysely';

/** PostgreSQL's codes for a schema or a table that is gone. */
const VANISHED = new Set(['3F000', '42P01']);
const ATTEMPTS = 5;
const PAUSE_MS = 50;

/**
 * Reads the database's catalog, again when the read failed because a schema or a table went away
 * while it ran. A table that is really missing fails the same way after the last attempt.
 */
export async function readCatalog<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !VANISHED.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
    }
  }
}

/**
 * PostgreSQL whose introspection reads the catalog again when another schema vanishes under it.
 * Kysely's introspector, which Better Auth's migrations and Kysely's migrator use at start, reads
 * every schema of the database and looks each one up by name: another application dropping a schema
 * of the same database at that moment would otherwise stop this server's start.
 */
export class PostgresDialectReadingCatalogAgain extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const introspector = super.createIntrospector(db);
    return {
      getSchemas: () => readCatalog(() => introspector.getSchemas()),
      getTables: (options) => readCatalog(() => introspector.getTables(options)),
      getMetadata: (options) => readCatalog(() => introspector.getMetadata(options)),
    };
  }
}
