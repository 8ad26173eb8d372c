import { sql, type Kysely } from 'kysely';

/**
 * GiST rather than GIN: GIN reads the whole posting list of every trigram in the term, and trigrams
 * shared by most rows ("use", "@ex") made a selective search cost 30–80 ms at 1M users. GiST is slower
 * to update, so bulk loads drop these and build them again afterwards.
 */
export async function createPostgresUserSearchIndexes(db: Kysely<any>) {
  await sql`create index user_email_trgm_idx on "user" using gist (email public.gist_trgm_ops(siglen = 128))`.execute(
    db,
  );
  await sql`create index user_name_trgm_idx on "user" using gist (name public.gist_trgm_ops(siglen = 128))`.execute(db);
}

/**
 * A two-character term has no trigram: these GIN indexes over each value's character pairs (lower
 * case, as ILIKE compares) find a rare one without reading every row. Bulk loads drop and rebuild
 * them as they do the GiST ones.
 */
export async function createPostgresUserPairIndexes(db: Kysely<any>) {
  await sql`create index user_email_pairs_idx on "user" using gin (gatehouse_pairs(email))`.execute(db);
  await sql`create index user_name_pairs_idx on "user" using gin (gatehouse_pairs(name))`.execute(db);
}

type RowsStatement = (rows: string) => ReturnType<typeof sql>;

/**
 * PostgreSQL: statement-level triggers on "user" that keep the count table `name` (as
 * `gatehouse_<name>_<event>` functions and `<name>_<event>` triggers) over each statement's rows.
 */
export async function createCountTriggers(
  db: Kysely<any>,
  name: string,
  addRows: RowsStatement,
  removeRows: RowsStatement,
) {
  for (const [event, body] of [
    ['insert', sql`${addRows('new_rows')}`],
    ['delete', sql`${removeRows('old_rows')}`],
    ['update', sql`${removeRows('old_rows')} ${addRows('new_rows')}`],
  ] as const) {
    await sql`create function ${sql.raw(`gatehouse_${name}_${event}`)}() returns trigger language plpgsql as $$
      begin ${body} return null; end $$`.execute(db);
    const transition =
      event === 'insert'
        ? 'new table as new_rows'
        : event === 'delete'
          ? 'old table as old_rows'
          : 'old table as old_rows new table as new_rows';
    await sql`create trigger ${sql.raw(`${name}_${event}`)} after ${sql.raw(event)} on "user"
      referencing ${sql.raw(transition)} for each statement execute function ${sql.raw(`gatehouse_${name}_${event}`)}()`.execute(
      db,
    );
  }
}
