import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { TestClient } from '#test/http-client';
import { startServerProcess, type ServerProcess } from '#test/server-process';
import { contextPerSuite } from '#test/suite';
import { createThrowawaySchema, ENGINES, TEST_POSTGRES_URL, type Engine } from '#test/test-context';

const PASSWORD = 'half-made-password-1';
/** The account insert of these addresses fails, by a trigger the test database alone has. */
const REFUSED = 'no-password-';

/** Users nobody can sign in to: neither a guest, nor a password, nor a passkey. */
async function usersWithoutSignIn(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom('user')
    .select('email')
    .where((eb) =>
      eb.and([
        sql<boolean>`${sql.ref('user.isAnonymous')} is not true`,
        eb.not(eb.exists(eb.selectFrom('account').select('id').whereRef('account.userId', '=', 'user.id'))),
        eb.not(eb.exists(eb.selectFrom('passkey').select('id').whereRef('passkey.userId', '=', 'user.id'))),
      ]),
    )
    .execute();
  return rows.map((row) => row.email);
}

async function refuseAccountInserts(database: Database) {
  if (database.engine === 'sqlite') {
    await sql`create trigger refuse_password before insert on account
      when (select email from "user" where id = new."userId") like ${sql.lit(`${REFUSED}%`)}
      begin select raise(abort, 'the account insert failed'); end`.execute(database.db);
    return;
  }
  await sql`create function refuse_password() returns trigger language plpgsql as $$
    begin
      if (select email from "user" where id = new."userId") like ${sql.lit(`${REFUSED}%`)} then
        raise exception 'the account insert failed';
      end if;
      return new;
    end $$`.execute(database.db);
  await sql`create trigger refuse_password before insert on account
    for each row execute function refuse_password()`.execute(database.db);
}

describe.each(ENGINES)('ASVS V6 authentication: an account is made whole or not at all (%s)', (engine) => {
  const suite = contextPerSuite(engine);

  it('takes the user back when its password cannot be stored, and the address stays free', async () => {
    const { database, app } = suite.context;
    await refuseAccountInserts(database);
    const email = `${REFUSED}${crypto.randomUUID()}@example.com`;
    const signUp = () =>
      new TestClient(app).post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Half' });
    const failed = await signUp();
    expect(failed.status).toBe(500);
    expect(await database.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await usersWithoutSignIn(database)).toEqual([]);
    // The address is not taken by a user nobody can sign in to: once inserts work, it signs up.
    await sql`drop trigger refuse_password${sql.raw(engine === 'postgres' ? ' on account' : '')}`.execute(database.db);
    const signedUp = await signUp();
    expect(signedUp.status, signedUp.text).toBe(200);
  });
});

/** A database each server process of the loop opens: a file in a temporary directory, or a schema. */
async function crashDatabase(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-half-made-'));
  if (engine === 'sqlite') {
    return {
      dataDir,
      env: {} as Record<string, string>,
      open: () => createDatabase({ databaseUrl: undefined, dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { schema, drop } = await createThrowawaySchema();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    env: { DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex') },
    open: () => createDatabase({ databaseUrl: TEST_POSTGRES_URL, dataDir, postgresSchema: schema }),
    drop: async () => {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes every password insert slow, in the test database only: the moment between a new user and
 * its password is then wide enough for a kill to land in it, as a slow disk or a busy machine would make it.
 */
async function slowPasswordInserts(database: Database) {
  if (database.engine === 'sqlite') {
    await sql`create trigger slow_password before insert on account begin
      select count(*) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000) select i from n);
      end`.execute(database.db);
    return;
  }
  await sql`create function slow_password() returns trigger language plpgsql as $$
    begin perform pg_sleep(0.2); return new; end $$`.execute(database.db);
  await sql`create trigger slow_password before insert on account
    for each row execute function slow_password()`.execute(database.db);
}

/** Kills of the server, each at a random moment while sign-ups are under way. */
const KILLS = 10;
const WORKERS = 8;

describe.each(ENGINES)('a server killed again and again during sign-ups (%s)', (engine) => {
  const servers: ServerProcess[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await dropDatabase?.();
  });

  it(`leaves no user without a way to sign in, after ${KILLS} kills`, { timeout: 420_000 }, async () => {
    const database = await crashDatabase(engine);
    dropDatabase = database.drop;
    let acknowledged = 0;
    const refused: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const server = await startServerProcess(database.dataDir, database.env);
      servers.push(server);
      if (kill === 0) {
        // Once the first start has made the tables.
        const slowed = database.open();
        await slowPasswordInserts(slowed);
        await slowed.close();
      }
      let killed = false;
      let firstAnswer: () => void = () => {};
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
      const worker = async (index: number) => {
        for (let attempt = 0; !killed; attempt++) {
          try {
            const response = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
              method: 'POST',
              headers: { origin: server.baseURL, 'content-type': 'application/json' },
              body: JSON.stringify({
                email: `crash-${kill}-${index}-${attempt}@example.com`,
                password: PASSWORD,
                name: 'C',
              }),
            });
            if (response.ok) acknowledged++;
            else refused.push(response.status);
            firstAnswer();
            await response.text().catch(() => '');
          } catch {
            // The server is gone.
            return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
      // Once sign-ups are being answered (a fresh process is slow to start), at a random moment.
      await answered;
      await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(500)));
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await load;
    }
    expect(refused).toEqual([]);
    expect(acknowledged).toBeGreaterThan(KILLS);

    const inspected = database.open();
    try {
      expect(await usersWithoutSignIn(inspected)).toEqual([]);
    } finally {
      await inspected.close();
    }
  });
});
