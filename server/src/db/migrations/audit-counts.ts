import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from '../database';

/**
 * The admin overview's numbers without reading the audit trail or the user table (decision 0046):
 *
 * - `auditDailyCount`: events per action, UTC day and outcome, kept by the audit writer in each
 *   batch's transaction. Keyed action first: a chart of one action reads one short range.
 * - `userLastActive`: each account's last UTC day with a successful sign-in or sign-up, and
 *   `userLastActiveCount`, how many accounts have each day as their last: the accounts active in a
 *   window are the sum of the window's days, at most 90 rows.
 * - PostgreSQL: `user_created_count` by day alone, for sign-ups per day across roles.
 *
 * Counts already in the trail are carried over. Events older than the retention are deleted, their
 * counts stay.
 */
export async function createAuditCounts(db: Kysely<any>, engine: DatabaseEngine) {
  await db.schema
    .createTable('auditDailyCount')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('audit_daily_count_pk', ['action', 'day', 'outcome'])
    .execute();
  await db.schema
    .createTable('userLastActive')
    .addColumn('userId', 'text', (column) => column.primaryKey())
    .addColumn('day', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('userLastActiveCount')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('total', 'integer', (column) => column.notNull())
    .execute();

  await fillAuditCounts(db);

  if (engine === 'postgres') {
    // By day alone: `total` changes with every sign-up, and an index without it keeps those updates cheap.
    await sql`create index user_created_count_day_idx on user_created_count (day)`.execute(db);
  }
}

/** Counts the events already in the trail, into empty count tables (the migration; bulk loads). */
export async function fillAuditCounts(db: Kysely<any>) {
  await sql`insert into "auditDailyCount" (action, day, outcome, total)
    select action, substr("createdAt", 1, 10), outcome, count(*) from "auditEvent" group by 1, 2, 3`.execute(db);
  await sql`insert into "userLastActive" ("userId", day)
    select coalesce("targetUserId", "actorId"), max(substr("createdAt", 1, 10)) from "auditEvent"
    where action in ('user.sign_in', 'user.sign_up') and outcome = 'success'
      and coalesce("targetUserId", "actorId") is not null
    group by 1`.execute(db);
  await sql`insert into "userLastActiveCount" (day, total)
    select day, count(*) from "userLastActive" group by day`.execute(db);
}
