import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/database';
import { containsPattern } from '../../../db/like-pattern';
import type { DB } from '../../../db/schema';
import { sqliteGlobFor } from './sqlite-glob';

/** Shorter terms have no trigram to look up; they are matched by a plain scan. */
const TRIGRAM = 3;

export type Found = RawBuilder<{ handle: string | number }>;
/** More conditions on the user `u` (the role, the flag filters), tested beside the term. */
export type Conditions = readonly Expression<SqlBool>[];

/** A search as the index finds it (few matches) and as a row-by-row test (many matches), same rows. */
export interface Search {
  /** The matches' row handles (SQLite rowids, PostgreSQL ids) through the trigram index, at most `cap`. */
  indexed: (where: Conditions, cap: number) => Found;
  /**
   * Two characters: when the term is rare, the same through the pair indexes; undefined when it is
   * common enough that reading rows until `cap` of them match is quicker.
   */
  rare?: (db: Kysely<DB>) => Promise<((where: Conditions, cap: number) => Found) | undefined>;
  /** Undefined when only the index matches exactly (a SQLite term beyond ASCII). */
  scanned: Expression<SqlBool> | undefined;
  /** PostgreSQL: a trigram index can serve this term (three characters or more). */
  trigrams: boolean;
}

const andAll = (where: Conditions) => (where.length > 0 ? sql`and ${sql.join(where, sql` and `)}` : sql``);

/** Rows read to tell whether a two-character term is common. */
const PROBE_ROWS = 2000;
/** As many matches in the probe (5%) make the term common: reading rows finds the cap soon enough. */
const PROBE_COMMON = 100;
/** SQLite: more trigrams than this start with the pair, and it is common after all. */
const PAIR_TRIGRAMS = 200;

async function isCommon(db: Kysely<DB>, field: 'email' | 'name', condition: Expression<SqlBool>) {
  const probe = await sql<{ hits: number }>`select count(*) as hits
    from (select ${sql.ref(field)} from "user" limit ${PROBE_ROWS}) u where ${condition}`.execute(db);
  return Number(probe.rows[0]?.hits ?? 0) >= PROBE_COMMON;
}

/** The search of one term in one field, in the forms this engine can run it. */
export function searchFor(database: Database, field: 'email' | 'name', term: string): Search {
  const column = sql.ref(`u.${field}`);
  if (database.engine === 'postgres') {
    // ILIKE serves both: the trigram GiST index finds it, or it is tested along the sort's index.
    const condition = sql<SqlBool>`${column} ilike ${containsPattern(term)}`;
    return {
      indexed: (where, cap) =>
        sql`select u.id as handle from "user" u where ${condition} ${andAll(where)} limit ${cap}`,
      rare:
        [...term].length === 2 // characters, as gatehouse_pairs counts them
          ? async (db) =>
              (await isCommon(db, field, condition))
                ? undefined
                : (where, cap) =>
                    // The pair index alone finds the candidates: "offset 0" keeps ILIKE out of that scan,
                    // where the planner would also read the trigram index, which knows no pairs.
                    sql`select u.id as handle from (select u.id, u.${sql.raw(field)} from "user" u
                      where gatehouse_pairs(${column}) @> array[lower(cast(${term} as text))] ${andAll(where)}
                      offset 0) u where ${condition} limit ${cap}`
          : undefined,
      scanned: condition,
      trigrams: term.length >= TRIGRAM,
    };
  }
  if (term.length >= TRIGRAM) {
    // A quoted FTS5 phrase of trigrams matches the term anywhere in the column, case-insensitively.
    // FTS5 hands its matches over one by one, so a limit stops the search early.
    const phrase = `{${field}} : "${term.replace(/"/g, '""')}"`;
    const glob = sqliteGlobFor(term);
    // Where no character folds like k or s, LIKE (ASCII case-insensitive) is the same test, 3x faster.
    const scanned =
      glob === undefined
        ? undefined
        : /[ks]/i.test(term)
          ? sql<SqlBool>`${column} glob ${glob}`
          : sql<SqlBool>`${column} like ${containsPattern(term)} escape '\\'`;
    return {
      indexed: (where, cap) =>
        where.length > 0
          ? sql`select s.rowid as handle from user_search s join "user" u on u.rowid = s.rowid
              where user_search match ${phrase} ${andAll(where)} limit ${cap}`
          : sql`select rowid as handle from user_search where user_search match ${phrase} limit ${cap}`,
      scanned,
      trigrams: true,
    };
  }
  // Too short for a trigram: SQLite's LIKE, which folds ASCII case as its lower() does.
  const pair = term.toLowerCase();
  const condition = sql<SqlBool>`${column} like ${containsPattern(pair)} escape '\\'`;
  const rare = async (db: Kysely<DB>) => {
    if (await isCommon(db, field, condition)) return undefined;
    // Every match either starts a trigram with the pair (the index folds case as LIKE does, for
    // ASCII) or ends the value; LIKE then tests each candidate.
    const next = `${pair[0]}${String.fromCharCode(pair.charCodeAt(1) + 1)}`;
    const trigrams = await sql<{ term: string }>`select term from user_search_vocab
      where term >= ${pair} and term < ${next} and col = ${field}`.execute(db);
    if (trigrams.rows.length > PAIR_TRIGRAMS) return undefined;
    const tails = sql`select rowid from "user" where substr(lower(${sql.ref(field)}), -2) = ${pair}`;
    const phrase = `{${field}} : (${trigrams.rows.map((row) => `"${row.term.replace(/"/g, '""')}"`).join(' OR ')})`;
    const candidates = trigrams.rows.length
      ? sql`select rowid from user_search where user_search match ${phrase} union all ${tails}`
      : tails;
    return (where: Conditions, cap: number): Found =>
      sql`select u.rowid as handle from "user" u
        where u.rowid in (${candidates}) and ${condition} ${andAll(where)} limit ${cap}`;
  };
  return {
    indexed: (where, cap) =>
      sql`select u.rowid as handle from "user" u where ${condition} ${andAll(where)} limit ${cap}`,
    // eslint-disable-next-line no-control-regex -- ASCII only: the index folds other letters its own way
    rare: term.length === 2 && /^[\u0000-\u007f]+$/.test(term) ? rare : undefined,
    scanned: condition,
    trigrams: false,
  };
}
