/**
 * Admin user list at scale: list + search + count through our `/api/v1/admin/users` beside the
 * same query through Better Auth's stock `/api/auth/admin/list-users`, on SQLite and PostgreSQL, at
 * growing numbers of users (seeded straight into the database). Both go through the app in process
 * with the same admin session, so the ratio compares the queries.
 *
 * BENCH_SIZES=10000,100000,1000000 (default), BENCH_ENGINES=sqlite,postgres, BENCH_ROUNDS=15.
 */
import { sql } from 'kysely';
import { createPostgresUserSearchIndexes } from '../server/src/db/migrations';
import { TestClient } from '../server/src/testing/http-client';
import { createTestContext, type Engine, type TestContext } from '../server/src/testing/test-context';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BATCH = 100_000;
const SURNAMES = ['Smith', 'Garcia', 'Okafor', 'Tanaka', 'Novak'];

async function seed(context: TestContext, from: number, to: number) {
  const { db, engine } = context.database;
  if (engine === 'postgres') {
    // A bulk load: the GiST search indexes are built once afterwards, as an import would do.
    await sql`drop index user_email_trgm_idx, user_name_trgm_idx`.execute(db);
  }
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    const surname = sql.raw(
      `case n % 5 ${SURNAMES.map((name, index) => `when ${index} then '${name}'`).join(' ')} end`,
    );
    if (engine === 'sqlite') {
      await sql`with recursive seq(n) as (select ${start} union all select n + 1 from seq where n < ${end})
        insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous")
        select 'seed' || n, 'Person ' || n || ' ' || ${surname}, 'user' || n || '@example' || (n % 50) || '.com', 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + n, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + n, 'unixepoch'),
          case when n % 1000 = 0 then 'admin' else 'user' end, 0, 0
        from seq`.execute(db);
    } else {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous")
        select 'seed' || n, 'Person ' || n || ' ' || ${surname}, 'user' || n || '@example' || (n % 50) || '.com', false,
          to_timestamp(1700000000 + n), to_timestamp(1700000000 + n),
          case when n % 1000 = 0 then 'admin' else 'user' end, false, false
        from generate_series(${start}::int, ${end}::int) as n`.execute(db);
    }
  }
  if (engine === 'postgres') await createPostgresUserSearchIndexes(db);
  await sql`analyze`.execute(db);
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Case {
  label: string;
  ours: (n: number) => string;
  stock: (n: number) => string;
}

const CASES: Case[] = [
  { label: 'first page', ours: () => 'limit=20', stock: () => 'limit=20&sortBy=createdAt&sortDirection=desc' },
  {
    label: 'email contains',
    ours: (n) => `search=user${n}%40&searchField=email`,
    stock: (n) =>
      `searchValue=user${n}%40&searchField=email&searchOperator=contains&limit=20&sortBy=createdAt&sortDirection=desc`,
  },
  {
    label: 'name contains',
    ours: (n) => `search=Person%20${n}%20&searchField=name`,
    stock: (n) =>
      `searchValue=Person%20${n}%20&searchField=name&searchOperator=contains&limit=20&sortBy=createdAt&sortDirection=desc`,
  },
  {
    label: 'role filter',
    ours: () => 'role=admin',
    stock: () => 'filterField=role&filterValue=admin&filterOperator=eq&limit=20&sortBy=createdAt&sortDirection=desc',
  },
];

async function time(client: TestClient, path: string): Promise<number> {
  const started = performance.now();
  const response = await client.get(path);
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return elapsed;
}

const lines: string[] = [];
for (const engine of ENGINES) {
  const context = await createTestContext(engine, {
    env: { ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-password' },
  });
  try {
    const admin = new TestClient(context.app);
    await admin.post('/api/auth/sign-in/email', { email: 'bench-admin@example.com', password: 'bench-admin-password' });
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await seed(context, seeded + 1, size);
      seeded = size;
      process.stderr.write(
        `${engine}: seeded ${size} users in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
      for (const test of CASES) {
        const ours: number[] = [];
        const stock: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const n = 1 + Math.floor(Math.random() * size);
          ours.push(await time(admin, `/api/v1/admin/users?${test.ours(n)}`));
          stock.push(await time(admin, `/api/auth/admin/list-users?${test.stock(n)}`));
        }
        const [o50, o95, s50, s95] = [
          percentile(ours, 50),
          percentile(ours, 95),
          percentile(stock, 50),
          percentile(stock, 95),
        ];
        lines.push(
          [
            engine.padEnd(8),
            String(size).padStart(8),
            test.label.padEnd(15),
            o50.toFixed(1).padStart(8),
            o95.toFixed(1).padStart(8),
            s50.toFixed(1).padStart(9),
            s95.toFixed(1).padStart(9),
            (s95 / o95).toFixed(1).padStart(7),
          ].join(' '),
        );
      }
    }
  } finally {
    await context.destroy();
  }
}
process.stdout.write(
  `engine      users case            ours p50 ours p95 stock p50 stock p95  p95 stock/ours (ms)\n${lines.join('\n')}\n`,
);
