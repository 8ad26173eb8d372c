import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '#test/test-context';
import { readCatalog } from './catalog-read';
import { createDatabase } from './database';

describe('readCatalog (PostgreSQL)', () => {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  beforeAll(async () => {
    await client.connect().catch((error: unknown) => {
      throw new Error(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${String(error)})`);
    });
  });
  afterAll(() => client.end());

  /** A read that fails `failures` times with PostgreSQL's own error for `statement`, then answers. */
  const flaky = (failures: number, statement: string) => {
    let calls = 0;
    const read = async () => {
      calls += 1;
      if (calls <= failures) await client.query(statement);
      return 'read';
    };
    return { read, calls: () => calls };
  };

  it('reads again when a schema went away while it ran', async () => {
    const { read, calls } = flaky(2, `select has_schema_privilege('gatehouse_gone_schema', 'USAGE')`);
    await expect(readCatalog(read)).resolves.toBe('read');
    expect(calls()).toBe(3);
  });

  it('reads again when a table went away, and gives up after five attempts', async () => {
    const { read, calls } = flaky(10, 'select * from gatehouse_gone_table');
    await expect(readCatalog(read)).rejects.toMatchObject({ code: '42P01' });
    expect(calls()).toBe(5);
  });

  it('fails at once on any other error', async () => {
    const { read, calls } = flaky(1, 'select from where');
    await expect(readCatalog(read)).rejects.toMatchObject({ code: '42601' });
    expect(calls()).toBe(1);
  });

  it("answers the server's introspection while another schema of the database is dropped", async () => {
    // Kysely's own introspector failed about one time in eight here without the reads again.
    const database = createDatabase({ databaseUrl: TEST_POSTGRES_URL, dataDir: '' });
    try {
      for (let round = 0; round < 40; round += 1) {
        const schema = `gatehouse_vanishing_${crypto.randomBytes(6).toString('hex')}`;
        await client.query(`create schema "${schema}"`);
        await client.query(`create table "${schema}".item (id serial primary key)`);
        const [tables] = await Promise.all([
          database.db.introspection.getTables(),
          client.query(`drop schema "${schema}" cascade`),
        ]);
        expect(Array.isArray(tables)).toBe(true);
      }
    } finally {
      await database.close();
    }
  });
});
