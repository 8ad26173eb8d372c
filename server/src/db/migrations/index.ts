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
    '0003-user-list-indexes': {
      // The admin user list sorts by creation date (newest first) or name, and filters by role.
      // (Better Auth indexes the foreign keys of member, team, session and invitation itself.)
      async up(db: Kysely<any>) {
        await db.schema.createIndex('user_created_at_idx').on('user').columns(['createdAt', 'id']).execute();
        await db.schema
          .createIndex('user_role_created_at_idx')
          .on('user')
          .columns(['role', 'createdAt', 'id'])
          .execute();
        await db.schema.createIndex('user_name_idx').on('user').columns(['name', 'id']).execute();
      },
    },
    '0004-user-search': {
      // "Contains" search on email and name without reading every row: trigram indexes.
      async up(db: Kysely<any>) {
        if (engine === 'postgres') {
          // In public, once per database: a schema dropped later must not take the extension with it.
          await sql`create extension if not exists pg_trgm schema public`.execute(db);
          await sql`create index user_email_trgm_idx on "user" using gin (email public.gin_trgm_ops)`.execute(db);
          await sql`create index user_name_trgm_idx on "user" using gin (name public.gin_trgm_ops)`.execute(db);
          return;
        }
        // SQLite: an FTS5 trigram index over the user table's rowids, kept in step by triggers.
        // (A VACUUM may renumber those rowids: `insert into user_search(user_search) values('rebuild')` realigns it.)
        await sql`create virtual table user_search using fts5(email, name, content = 'user', content_rowid = 'rowid', tokenize = 'trigram')`.execute(
          db,
        );
        await sql`insert into user_search (user_search) values ('rebuild')`.execute(db);
        await sql`create trigger user_search_insert after insert on "user" begin
          insert into user_search (rowid, email, name) values (new.rowid, new.email, new.name); end`.execute(db);
        await sql`create trigger user_search_delete after delete on "user" begin
          insert into user_search (user_search, rowid, email, name) values ('delete', old.rowid, old.email, old.name); end`.execute(
          db,
        );
        await sql`create trigger user_search_update after update of email, name on "user" begin
          insert into user_search (user_search, rowid, email, name) values ('delete', old.rowid, old.email, old.name);
          insert into user_search (rowid, email, name) values (new.rowid, new.email, new.name); end`.execute(db);
      },
    },
  };
}
