import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { PoolStats } from '../lib/metrics';
import { PostgresDialectReadingCatalogAgain } from './catalog-read';
import type { DB } from './schema';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface Database {
  engine: DatabaseEngine;
  /** Typed by `DB`: Better Auth's tables as it creates them, and ours. Migrations work untyped. */
  db: Kysely<DB>;
  /** Where the data lives, for logs (never includes credentials). */
  description: string;
  /**
   * Runs a read at once on SQLite's one connection, skipping Kysely's queue for it, when that is safe:
   * no transaction is open on the connection. Undefined when it is (and always on PostgreSQL): the
   * caller then queries through `db`, after the transaction. Rows come as arrays of values in the
   * order of the select (SQLite builds them faster than objects).
   */
  readNow(sql: string, parameters: readonly unknown[]): unknown[][] | undefined;
  /** The connection pool's state (PostgreSQL; SQLite has one connection and no pool). */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests use a throwaway one). */
  postgresSchema?: string;
  /** SQLite file, when not the default under `dataDir`. */
  sqliteFile?: string;
}

/** The SQLite database's file under DATA_DIR. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'gatehouse.db');

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options.postgresSchema);
  return createSqlite(options.sqliteFile ?? sqliteFileIn(options.dataDir));
}

function createSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed during a write; the busy timeout absorbs short write contention;
  // foreign keys make Better Auth's ON DELETE CASCADE actually cascade.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const statements = statementCache(sqlite);
  // Kept apart: a statement in raw mode would hand Kysely arrays.
  const rawStatements = statementCache(sqlite, { raw: true });
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    engine: 'sqlite',
    db,
    readNow: (sql, parameters) =>
      sqlite.inTransaction ? undefined : (rawStatements.prepare(sql).all(...parameters) as unknown[][]),
    description: `sqlite:${file}`,
    poolStats: () => undefined,
    close: () => db.destroy(),
  };
}

/** Distinct statements kept compiled; the queries of the product are far fewer. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * SQLite compiles each statement before it runs, and Kysely asks for it anew on every query: the
 * compiled statements are kept by their text (a session check spent an eighth of its time compiling).
 * A statement still handing out rows is busy, so that query gets a fresh one.
 */
function statementCache(sqlite: SqliteDatabase.Database, { raw = false } = {}) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string): SqliteDatabase.Statement => {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = raw ? sqlite.prepare(text).raw(true) : sqlite.prepare(text);
      if (cached) return statement;
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

function createPostgres(databaseUrl: string, schema: string | undefined): Database {
  const url = new URL(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A database that does not answer fails the request after a while instead of holding it forever.
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its connection (a restart, a failover) must not crash the process: idle ones are
  // replaced by the pool, and a query running on one fails on its own, into the outage answer (503).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialectReadingCatalogAgain({ pool }) });
  return {
    engine: 'postgres',
    db,
    readNow: () => undefined,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    description: `postgres://${url.hostname}:${url.port || 5432}${url.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}
