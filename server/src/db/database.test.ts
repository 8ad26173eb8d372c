import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type Database } from './database';

describe('SQLite reads run at once (readNow)', () => {
  let dataDir: string;
  let database: Database;
  /** The database with this test's own table. */
  const items = () => database.db.withTables<{ item: { id: number } }>();
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-read-now-'));
    database = createDatabase({ databaseUrl: undefined, dataDir });
    await database.db.schema.createTable('item').addColumn('id', 'integer').execute();
    await items()
      .insertInto('item')
      .values([{ id: 1 }, { id: 2 }, { id: 3 }])
      .execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const read = () => database.readNow('select count(*) as n from item', []);

  it('answers at once when the connection is free, each row as its values in order', async () => {
    expect(read()).toEqual([[3]]);
    // Kysely's own statements still give objects, the same text included.
    expect(await database.db.executeQuery(sql`select count(*) as n from item`.compile(database.db))).toMatchObject({
      rows: [{ n: 3 }],
    });
  });

  it('declines inside an open transaction, whose changes are not yet anyone else’s', async () => {
    let inside: unknown = 'not run';
    await items()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('item').values({ id: 4 }).execute();
        inside = read();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(inside).toBeUndefined();
    expect(read()).toEqual([[3]]);
  });

  it('answers while another query is still streaming its rows', async () => {
    const seen: unknown[] = [];
    for await (const row of items().selectFrom('item').selectAll().stream()) {
      seen.push(row);
      expect(read()).toEqual([[3]]);
    }
    expect(seen).toHaveLength(3);
    expect(read()).toEqual([[3]]);
  });

  it('is never used on PostgreSQL', () => {
    const postgres = createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', dataDir });
    expect(postgres.readNow('select 1', [])).toBeUndefined();
    return postgres.close();
  });
});
