import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database';

/**
 * Our own tables and indexes, beside Better Auth's. Append only: a migration that has run is never
 * edited; a change is a new entry. Names sort in the order they run. Portable column types only:
 * flags are 0/1 integers and times ISO-8601 text, so one query serves SQLite and PostgreSQL alike.
 */
export function migrations(engine: DatabaseEngine): Record<string, Migration> {
  const binary = engine === 'postgres' ? 'bytea' : 'blob';
  return {
    '0001-file': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('file')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('userId', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
          .addColumn('category', 'text', (column) => column.notNull())
          .addColumn('isPublic', 'integer', (column) => column.notNull())
          .addColumn('contentType', 'text', (column) => column.notNull())
          .addColumn('size', 'integer', (column) => column.notNull())
          .addColumn('width', 'integer', (column) => column.notNull())
          .addColumn('height', 'integer', (column) => column.notNull())
          .addColumn('description', 'text')
          .addColumn('data', sql.raw(binary), (column) => column.notNull())
          .addColumn('createdAt', 'text', (column) => column.notNull())
          .execute();
        await db.schema.createIndex('file_user_category_idx').on('file').columns(['userId', 'category']).execute();
      },
    },
    '0002-team-member-unique': {
      // One membership per user and team, even when two requests add the same person at once.
      async up(db: Kysely<any>) {
        await db.schema
          .createIndex('teamMember_team_user_unique')
          .on('teamMember')
          .columns(['teamId', 'userId'])
          .unique()
          .execute();
      },
    },
  };
}
