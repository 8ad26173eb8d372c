/**
 * Admin user list at scale: list + search + count through our `/api/v1/admin/users` beside the
 * same query through Better Auth's stock `/api/auth/admin/list-users`, on SQLite and PostgreSQL, at
 * growing numbers of users (seeded straight into the database). Both go through the app in process
 * with the same admin session, so the ratio compares the queries.
 *
 * Every view must answer in under 50 ms (p95) at 1,000,000 users: rows over that are flagged.
 *
 * BENCH_SIZES=10000,100000,1000000 (default), BENCH_ENGINES=sqlite,postgres, BENCH_ROUNDS=15,
 * BENCH_STOCK=0 to time ours alone (the stock endpoint takes seconds per broad search at 1M).
 */
import { sql } from 'kysely';
import { createPostgresUserPairIndexes, createPostgresUserSearchIndexes } from '../server/src/db/migrations';
import type { TestClient } from '#test/http-client';
import type { Engine, TestContext } from '#test/test-context';
import { adminContext, percentile } from './admin-context';
import { viaCursor } from './next-page-query';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const STOCK = process.env.BENCH_STOCK !== '0';
const BUDGET_MS = 50;
const BATCH = 100_000;
const SURNAMES = ['Smith', 'Garcia', 'Okafor', 'Tanaka', 'Novak'];
/** Flags for the filters: 1 in 500 banned, 2 in 3 verified, 1 in 10 with two-factor, the newest 0.05% guests. */
const GUEST = sql.raw(`n > ${Math.max(...SIZES)} * 0.9995`);

async function seed(context: TestContext, from: number, to: number) {
  const { db, engine } = context.database;
  if (engine === 'postgres') {
    // A bulk load: the search indexes are built once afterwards, as an import would do.
    await sql`drop index user_email_trgm_idx, user_name_trgm_idx, user_email_pairs_idx, user_name_pairs_idx`.execute(
      db,
    );
  }
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    const surname = sql.raw(
      `case n % 5 ${SURNAMES.map((name, index) => `when ${index} then '${name}'`).join(' ')} end`,
    );
    if (engine === 'sqlite') {
      // An integer: a bound JS number is a REAL in SQLite, and the ids and emails would read `user5.0@`.
      await sql`with recursive seq(n) as (select cast(${start} as integer) union all select n + 1 from seq where n < ${end})
        insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous", "twoFactorEnabled")
        select 'seed' || n, 'Person ' || n || ' ' || ${surname}, 'user' || n || '@example' || (n % 50) || '.com', n % 3 <> 0,
          strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + n, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + n, 'unixepoch'),
          case when n % 1000 = 0 then 'admin' else 'user' end, n % 500 = 1, ${GUEST}, case when n % 10 = 0 then 1 end
        from seq`.execute(db);
    } else {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous", "twoFactorEnabled")
        select 'seed' || n, 'Person ' || n || ' ' || ${surname}, 'user' || n || '@example' || (n % 50) || '.com', n % 3 <> 0,
          to_timestamp(1700000000 + n), to_timestamp(1700000000 + n),
          case when n % 1000 = 0 then 'admin' else 'user' end, n % 500 = 1, ${GUEST}, case when n % 10 = 0 then true end
        from generate_series(${start}::int, ${end}::int) as n`.execute(db);
    }
  }
  if (engine === 'postgres') {
    await createPostgresUserSearchIndexes(db);
    await createPostgresUserPairIndexes(db);
  }
  // As autovacuum leaves a table that has settled: statistics, and PostgreSQL's visibility map
  // (without it an index-only scan reads the table too).
  await sql`${sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}

interface Case {
  label: string;
  /**
   * Our query for a random user number n; with `next`, the page before it is read first (untimed)
   * and this one asked for by that page's cursor, as the console's Next button does.
   */
  ours: (n: number) => string;
  next?: boolean;
  /** Answered 400, as a later page of a search past its count by offset alone is (the stock endpoint serves it). */
  refused?: boolean;
  stock: (n: number) => string;
}

const stockSearch = (field: string, term: string, extra = '') =>
  `searchValue=${encodeURIComponent(term)}&searchField=${field}&searchOperator=contains&limit=20&sortBy=createdAt&sortDirection=desc${extra}`;
const stockFilter = (field: string, value: string) =>
  `filterField=${field}&filterValue=${value}&filterOperator=eq&limit=20&sortBy=createdAt&sortDirection=desc`;
const oursSearch = (field: string, term: string, extra = '') =>
  `search=${encodeURIComponent(term)}&searchField=${field}${extra}`;
const DEEP = 500_000;

const CASES: Case[] = [
  { label: 'first page', ours: () => 'limit=20', stock: () => 'limit=20&sortBy=createdAt&sortDirection=desc' },
  {
    label: 'email contains',
    ours: (n) => oursSearch('email', `user${n}@`),
    stock: (n) => stockSearch('email', `user${n}@`),
  },
  {
    label: 'name contains',
    ours: (n) => oursSearch('name', `Person ${n} `),
    stock: (n) => stockSearch('name', `Person ${n} `),
  },
  {
    label: 'role filter',
    ours: () => 'role=admin',
    stock: () => 'filterField=role&filterValue=admin&filterOperator=eq&limit=20&sortBy=createdAt&sortDirection=desc',
  },
  // Broad terms: a fifth of users, one domain of fifty, every user.
  { label: 'surname 1/5', ours: () => oursSearch('name', 'Garcia'), stock: () => stockSearch('name', 'Garcia') },
  {
    label: 'domain 1/50',
    ours: () => oursSearch('email', 'example7.com'),
    stock: () => stockSearch('email', 'example7.com'),
  },
  { label: 'every email', ours: () => oursSearch('email', 'example'), stock: () => stockSearch('email', 'example') },
  { label: '2 letters 1/5', ours: () => oursSearch('name', 'ok'), stock: () => stockSearch('name', 'ok') },
  { label: '2 letters all', ours: () => oursSearch('email', 'us'), stock: () => stockSearch('email', 'us') },
  // No user has "zq": a short term has no trigram, so this reads every row (the worst case).
  { label: '2 letters none', ours: () => oursSearch('name', 'zq'), stock: () => stockSearch('name', 'zq') },
  {
    label: 'broad by name',
    ours: () => oursSearch('name', 'Garcia', '&sortBy=name&sortDirection=asc'),
    stock: () =>
      stockSearch('name', 'Garcia').replace('sortBy=createdAt&sortDirection=desc', 'sortBy=name&sortDirection=asc'),
  },
  // Flag filters: rare, common, combined, with a search, at the far end of the order; and a search by id.
  { label: 'banned 1/500', ours: () => 'banned=true', stock: () => stockFilter('banned', 'true') },
  { label: 'not banned', ours: () => 'banned=false', stock: () => stockFilter('banned', 'false') },
  {
    label: 'guests oldest 1st',
    ours: () => 'isAnonymous=true&sortDirection=asc',
    stock: () => stockFilter('isAnonymous', 'true'),
  },
  {
    label: '2FA on unverified',
    ours: () => 'twoFactorEnabled=true&emailVerified=false',
    stock: () => stockFilter('twoFactorEnabled', 'true'),
  },
  {
    label: 'surname + banned',
    ours: () => oursSearch('name', 'Garcia', '&banned=true'),
    stock: () => stockSearch('name', 'Garcia'),
  },
  { label: 'search by id', ours: (n) => oursSearch('email', `seed${n}`), stock: (n) => stockFilter('id', `seed${n}`) },
  {
    label: 'page 25000',
    ours: () => `offset=${DEEP}`,
    stock: () => `limit=20&offset=${DEEP}&sortBy=createdAt&sortDirection=desc`,
  },
  {
    label: 'page 25000 next',
    ours: () => `offset=${DEEP}`,
    next: true,
    stock: () => `limit=20&offset=${DEEP}&sortBy=createdAt&sortDirection=desc`,
  },
  // A later page of a search with more matches than its count opens from the page before (decision
  // 0056): by offset alone it is refused (timed: the count is still made); Next opens it.
  {
    label: 'search p25000',
    ours: () => oursSearch('email', 'example', `&offset=${DEEP}`),
    refused: true,
    stock: () => stockSearch('email', 'example', `&offset=${DEEP}`),
  },
  {
    label: 'search p25000 next',
    ours: () => oursSearch('email', 'example', `&offset=${DEEP}`),
    next: true,
    stock: () => stockSearch('email', 'example', `&offset=${DEEP}`),
  },
];

async function time(client: TestClient, path: string, status = 200): Promise<number> {
  const started = performance.now();
  const response = await client.get(path);
  const elapsed = performance.now() - started;
  if (response.status !== status)
    throw new Error(`${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return elapsed;
}

const lines: string[] = [];
for (const engine of ENGINES) {
  const { context, admin } = await adminContext(engine);
  try {
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await seed(context, seeded + 1, size);
      seeded = size;
      process.stderr.write(
        `${engine}: seeded ${size} users in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
      for (const test of CASES) {
        if (test.label.includes('25000') && size <= DEEP) continue;
        const ours: number[] = [];
        const stock: number[] = [];
        const next = test.next ? await viaCursor(context, admin, test.ours(0)) : undefined;
        for (let round = 0; round < ROUNDS; round += 1) {
          const n = 1 + Math.floor(Math.random() * size);
          const query = next ?? test.ours(n);
          ours.push(await time(admin, `/api/v1/admin/users?${query}`, test.refused ? 400 : 200));
          if (STOCK) stock.push(await time(admin, `/api/auth/admin/list-users?${test.stock(n)}`));
        }
        const [o50, o95] = [percentile(ours, 50), percentile(ours, 95)];
        const [s50, s95] = STOCK ? [percentile(stock, 50), percentile(stock, 95)] : [NaN, NaN];
        const line = [
          engine.padEnd(8),
          String(size).padStart(8),
          test.label.padEnd(18),
          o50.toFixed(1).padStart(8),
          o95.toFixed(1).padStart(8),
          s50.toFixed(1).padStart(9),
          s95.toFixed(1).padStart(9),
          (s95 / o95).toFixed(1).padStart(7),
          o95 > BUDGET_MS ? `  OVER ${BUDGET_MS} ms` : '',
          test.refused ? '  (refused: offset alone)' : '',
        ].join(' ');
        lines.push(line);
        process.stderr.write(`${line}\n`);
      }
    }
  } finally {
    await context.destroy();
  }
}
process.stdout.write(
  `engine      users case               ours p50 ours p95 stock p50 stock p95  p95 stock/ours (ms)\n${lines.join('\n')}\n`,
);
