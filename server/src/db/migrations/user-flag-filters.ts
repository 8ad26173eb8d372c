import { sql, type Kysely } from 'kysely';
import { USER_FLAGS } from '#common/admin';
import type { DatabaseEngine } from '../database';

/**
 * The admin list's filters on banned, emailVerified, isAnonymous (guests) and twoFactorEnabled at a
 * million users (decision 0044):
 *
 * - an index per flag on its value with null read as false, so that a rare value (the banned, the
 *   guests; or the unverified where almost everyone verified) is found without reading every row;
 * - `user_flag_count`, the number of users with each flag on, kept by triggers (as the role counts
 *   are): the list reads how many users each filter keeps before it chooses which index to read.
 */
export async function createUserFlagFilters(db: Kysely<any>, engine: DatabaseEngine) {
  const off = sql.raw(engine === 'postgres' ? 'false' : '0');
  for (const flag of USER_FLAGS) {
    await sql`create index ${sql.raw(`user_${flag}_flag_idx`)} on "user" ((coalesce(${sql.ref(flag)}, ${off})))`.execute(
      db,
    );
  }
  await sql`create table user_flag_count (flag text primary key, total bigint not null)`.execute(db);
  for (const flag of USER_FLAGS) {
    await sql`insert into user_flag_count (flag, total)
      select cast(${flag} as text), count(*) from "user" where ${sql.ref(flag)} is true`.execute(db);
  }
  if (engine === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** Per flag, 1 when the row has it on: `(new."banned" is true)`. */
const isOn = (row: 'new' | 'old', flag: string) => `(${row}."${flag}" is true)`;
const byFlag = (value: (flag: string) => string) =>
  `case flag ${USER_FLAGS.map((flag) => `when '${flag}' then ${value(flag)}`).join(' ')} else 0 end`;

async function createSqliteTriggers(db: Kysely<any>) {
  // Only the counts that change are written (a sign-up with every flag off writes none).
  const change = (delta: (flag: string) => string) =>
    sql.raw(`update user_flag_count set total = total + ${byFlag(delta)} where ${byFlag(delta)} <> 0`);
  await sql`create trigger user_flag_count_insert after insert on "user" begin
    ${change((flag) => isOn('new', flag))}; end`.execute(db);
  await sql`create trigger user_flag_count_delete after delete on "user" begin
    ${change((flag) => `-${isOn('old', flag)}`)}; end`.execute(db);
  const columns = sql.raw(USER_FLAGS.map((flag) => `"${flag}"`).join(', '));
  await sql`create trigger user_flag_count_update after update of ${columns} on "user" begin
    ${change((flag) => `${isOn('new', flag)} - ${isOn('old', flag)}`)}; end`.execute(db);
}

/** PostgreSQL: statement-level, over each statement's rows (a bulk insert updates each count once). */
async function createPostgresTriggers(db: Kysely<any>) {
  const tally = (rows: string) =>
    `select f.flag, count(*) as total from ${rows} r
      cross join lateral (values ${USER_FLAGS.map((flag) => `('${flag}', r."${flag}")`).join(', ')}) as f(flag, value)
      where f.value is true group by f.flag`;
  const apply = (rows: string, sign: '+' | '-') =>
    `update user_flag_count as c set total = c.total ${sign} d.total from (${tally(rows)}) as d where c.flag = d.flag;`;
  for (const [event, body, transition] of [
    ['insert', apply('new_rows', '+'), 'new table as new_rows'],
    ['delete', apply('old_rows', '-'), 'old table as old_rows'],
    ['update', `${apply('old_rows', '-')} ${apply('new_rows', '+')}`, 'old table as old_rows new table as new_rows'],
  ] as const) {
    await sql`create function ${sql.raw(`gatehouse_user_flag_count_${event}`)}() returns trigger language plpgsql as $$
      begin ${sql.raw(body)} return null; end $$`.execute(db);
    await sql`create trigger ${sql.raw(`user_flag_count_${event}`)} after ${sql.raw(event)} on "user"
      referencing ${sql.raw(transition)} for each statement execute function ${sql.raw(`gatehouse_user_flag_count_${event}`)}()`.execute(
      db,
    );
  }
}
