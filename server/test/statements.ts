import type { CompiledQuery, KyselyPlugin } from 'kysely';
import type { Database } from '../src/db/database';

/** The database, but every statement sent through it is also kept, compiled as it is sent. */
export function watchStatements(database: Database) {
  const executor = database.db.getExecutor();
  const statements: CompiledQuery[] = [];
  const catcher: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { database: { ...database, db: database.db.withPlugin(catcher) }, statements };
}
