import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database';
import { createAuditCounts } from './audit-counts';
import { createAuditEvents, createAuditOutcomeIndexes } from './audit-events';
import { createUserFlagFilters } from './user-flag-filters';
import {
  createCountTriggers,
  createPostgresUserPairIndexes,
  createPostgresUserSearchIndexes,
} from './postgres-user-indexes';

// The bulk loads of the benchmarks drop and rebuild these.
export { createPostgresUserPairIndexes, createPostgresUserSearchIndexes };

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
          await createPostgresUserSearchIndexes(db);
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
    '0005-user-role-counts': {
      // "Users (N)" without counting a million rows: a count per role, kept by triggers.
      async up(db: Kysely<any>) {
        await sql`create table user_role_count (role text primary key, total bigint not null)`.execute(db);
        await sql`insert into user_role_count (role, total) select coalesce(role, 'user'), count(*) from "user" group by coalesce(role, 'user')`.execute(
          db,
        );
        const add = (row: 'new' | 'old') =>
          sql.raw(`insert into user_role_count (role, total) values (coalesce(${row}.role, 'user'), 1)
            on conflict (role) do update set total = user_role_count.total + 1`);
        const remove = (row: 'new' | 'old') =>
          sql.raw(`update user_role_count set total = total - 1 where role = coalesce(${row}.role, 'user')`);
        if (engine === 'postgres') {
          // Statement-level, over the statement's rows: one row-level upsert per inserted user would
          // update the same count row thousands of times in one transaction, which PostgreSQL makes quadratic.
          const tally = (rows: string) =>
            sql.raw(`select coalesce(role, 'user') as role, count(*) as total from ${rows} group by 1`);
          const addRows = (rows: string) =>
            sql`insert into user_role_count (role, total) ${tally(rows)}
              on conflict (role) do update set total = user_role_count.total + excluded.total;`;
          const removeRows = (rows: string) =>
            sql`update user_role_count as c set total = c.total - d.total from (${tally(rows)}) as d where c.role = d.role;`;
          await createCountTriggers(db, 'user_role_count', addRows, removeRows);
          return;
        }
        await sql`create trigger user_role_count_insert after insert on "user" begin ${add('new')}; end`.execute(db);
        await sql`create trigger user_role_count_delete after delete on "user" begin ${remove('old')}; end`.execute(db);
        await sql`create trigger user_role_count_update after update of role on "user" begin ${remove('old')}; ${add('new')}; end`.execute(
          db,
        );
      },
    },
    '0006-user-email-sort-index': {
      // Sorting by email, a deep page is skipped in this index alone (the unique one has no id).
      async up(db: Kysely<any>) {
        await db.schema.createIndex('user_email_id_idx').on('user').columns(['email', 'id']).execute();
      },
    },
    '0007-user-search-pairs': {
      // Two-character terms have no trigram: without help, a rare one reads every row.
      async up(db: Kysely<any>) {
        if (engine === 'postgres') {
          await sql`create function gatehouse_pairs(value text) returns text[] language sql immutable strict parallel safe
            as $$ select array(select distinct substr(lower(value), i, 2) from generate_series(1, char_length(value) - 1) as i) $$`.execute(
            db,
          );
          await createPostgresUserPairIndexes(db);
          return;
        }
        // SQLite: the trigrams starting with the pair (from the FTS5 index's own vocabulary), and the
        // values ending with it (they have no trigram starting there).
        await sql`create virtual table user_search_vocab using fts5vocab(user_search, 'col')`.execute(db);
        await sql`create index user_name_tail_idx on "user" (substr(lower(name), -2))`.execute(db);
        await sql`create index user_email_tail_idx on "user" (substr(lower(email), -2))`.execute(db);
      },
    },
    '0008-user-created-day-counts': {
      // PostgreSQL: a deep page by creation date without reading every row before it. Skipping
      // 500,000 entries even in an index alone takes 55+ ms there; with a count of users per role and
      // creation day, only the rows of the page's own day are skipped. (SQLite skips fast enough.)
      async up(db: Kysely<any>) {
        if (engine !== 'postgres') return;
        const day = '("createdAt" at time zone \'UTC\')::date';
        await sql`create table user_created_count (role text not null, day date not null, total bigint not null,
          primary key (role, day))`.execute(db);
        await sql`insert into user_created_count (role, day, total)
          select coalesce(role, ''), ${sql.raw(day)}, count(*) from "user" group by 1, 2`.execute(db);
        const tally = (rows: string) =>
          sql.raw(`select coalesce(role, '') as role, ${day} as day, count(*) as total from ${rows} group by 1, 2`);
        const addRows = (rows: string) =>
          sql`insert into user_created_count (role, day, total) ${tally(rows)}
            on conflict (role, day) do update set total = user_created_count.total + excluded.total;`;
        const removeRows = (rows: string) =>
          sql`update user_created_count as c set total = c.total - d.total from (${tally(rows)}) as d
            where c.role = d.role and c.day = d.day;`;
        await createCountTriggers(db, 'user_created_count', addRows, removeRows);
      },
    },
    '0009-audit-event': { up: createAuditEvents },
    '0010-sign-in-alerts': {
      // What each person signed in from (a browser and system, a country), and whether they want a mail
      // when it is something new. Both go with the user. The unique index, user first, is also the
      // index by user: a sign-in reads that person's rows only.
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('signInSeen')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('userId', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
          .addColumn('kind', 'text', (column) => column.notNull())
          .addColumn('value', 'text', (column) => column.notNull())
          .addColumn('firstSeenAt', 'text', (column) => column.notNull())
          .addColumn('lastSeenAt', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('sign_in_seen_user_kind_value_unique')
          .on('signInSeen')
          .columns(['userId', 'kind', 'value'])
          .unique()
          .execute();
        await db.schema
          .createTable('signInAlertSetting')
          .addColumn('userId', 'text', (column) => column.primaryKey().references('user.id').onDelete('cascade'))
          .addColumn('enabled', 'integer', (column) => column.notNull())
          .addColumn('updatedAt', 'text', (column) => column.notNull())
          .execute();
      },
    },
    '0011-user-flag-filters': {
      // The admin list's filters (banned, verified, guest, two-factor) without reading every row.
      up: (db: Kysely<any>) => createUserFlagFilters(db, engine),
    },
    '0012-audit-counts': {
      // The admin overview's daily numbers and active accounts, kept as events are written.
      up: (db: Kysely<any>) => createAuditCounts(db, engine),
    },
    '0013-audit-outcome-indexes': { up: createAuditOutcomeIndexes },
    '0014-member-join-order': {
      // An organization's members by pages, oldest first: a page is a range of this index, never a
      // sort of every member (Better Auth's index has the organization alone).
      async up(db: Kysely<any>) {
        await db.schema
          .createIndex('member_organization_created_idx')
          .on('member')
          .columns(['organizationId', 'createdAt', 'id'])
          .execute();
      },
    },
    '0015-two-factor-last-step': {
      // The last time step whose authenticator code was accepted: a code signs in once, so a step
      // at or before it is refused (decision 0058). A new secret is a new row, which starts empty.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('twoFactor').addColumn('lastAcceptedStep', 'integer').execute();
      },
    },
    '0016-setup-link': {
      // The first-run setup links the starts printed, by the SHA-256 of their token, until an admin
      // exists (decision 0073): in the database, so that every instance honours every link.
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('setupLink')
          .addColumn('tokenHash', 'text', (column) => column.primaryKey())
          .addColumn('expiresAt', 'text', (column) => column.notNull())
          .execute();
      },
    },
  };
}
