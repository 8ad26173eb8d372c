/**
 * The admin overview and audit trail at scale: 1,000,000 accounts (created over two years) and
 * 4,000,000 audit events (over the last year), seeded straight into the database, on SQLite and
 * PostgreSQL, through the app in process with an admin session. Prints p50/p95 of
 * `GET /api/v1/admin/stats` per window, of audit pages (first, by person, by action, by outcome, a
 * combination that matches nothing), and the time to the first bytes of the audit and user CSV
 * exports; a p95 over 50 ms is flagged.
 *
 * BENCH_SIZE=1000000 accounts (default), BENCH_EVENTS (default 4 per account), BENCH_ENGINES=sqlite,postgres,
 * BENCH_ROUNDS=20.
 */
import { sql } from 'kysely';
import { fillAuditCounts } from '../server/src/db/migrations/audit-counts';
import { TestClient } from '#test/http-client';
import type { Engine, TestContext } from '#test/test-context';
import { adminContext, percentile } from './admin-context';

const SIZE = Number(process.env.BENCH_SIZE ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? SIZE * 4);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WINDOWS = [1, 7, 30, 90];
const BUDGET_MS = 50;
const BATCH = 100_000;
const NOW = Math.floor(Date.now() / 1000);
/** Seconds between two seeded accounts (spread over two years) and two events (over one). */
const USER_STEP = (730 * 86_400) / SIZE;
const EVENT_STEP = (365 * 86_400) / EVENTS;

/** Ranges of at most BATCH numbers from 1 to `total`. */
const batches = (total: number) =>
  Array.from({ length: Math.ceil(total / BATCH) }, (_, index): [number, number] => [
    index * BATCH + 1,
    Math.min(total, (index + 1) * BATCH),
  ]);

// One in fifty accounts a guest, one in a thousand an admin, one in twenty with two-factor on.
const ROLE = sql.raw(`case when n % 1000 = 0 then 'admin' else 'user' end`);
// Six sign-ins in ten, one failed, a sign-out, a profile change, a sign-up; on a scattered account.
const ACTION = sql.raw(
  `case when n % 10 < 7 then 'user.sign_in' when n % 10 = 7 then 'user.sign_out' when n % 10 = 8 then 'user.update' else 'user.sign_up' end`,
);
const OUTCOME = sql.raw(`case when n % 10 = 6 then 'failure' else 'success' end`);
/** A scattered account of the seeded ones (`n` as a 64-bit number: the product outgrows 32 bits). */
const target = (n: string) => sql.raw(`'seed' || ((${n} * 7919) % ${SIZE} + 1)`);

async function seedSqlite(context: TestContext) {
  const { db } = context.database;
  // Integers: a bound JS number is a REAL in SQLite, and the ids would read `seed5.0`.
  const sequence = (from: number, to: number) =>
    sql`with recursive seq(n) as (select cast(${from} as integer) union all select n + 1 from seq where n < ${to})`;
  for (const [from, to] of batches(SIZE)) {
    const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW} - n * ${USER_STEP}, 'unixepoch')`;
    await sql`${sequence(from, to)}
      insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous", "twoFactorEnabled")
      select 'seed' || n, 'Person ' || n, 'user' || n || '@example.com', 1, ${at}, ${at}, ${ROLE}, 0,
        n % 50 = 0, n % 20 = 0
      from seq`.execute(db);
  }
  for (const [from, to] of batches(EVENTS)) {
    await sql`${sequence(from, to)}
      insert into "auditEvent" (id, "createdAt", action, outcome, "actorId", "targetUserId")
      select 'event' || n, strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW} - n * ${EVENT_STEP}, 'unixepoch'), ${ACTION}, ${OUTCOME},
        case when n % 10 = 6 then null else ${target('n')} end, ${target('n')}
      from seq`.execute(db);
  }
}

async function seedPostgres(context: TestContext) {
  const { db } = context.database;
  // The stats never search: the search indexes, slow to keep during a bulk load, are left out.
  await sql`drop index user_email_trgm_idx, user_name_trgm_idx, user_email_pairs_idx, user_name_pairs_idx`.execute(db);
  const series = (from: number, to: number) => sql`generate_series(${from}::int, ${to}::int) as n`;
  for (const [from, to] of batches(SIZE)) {
    const at = sql`to_timestamp(${NOW} - n * ${USER_STEP}::float8)`;
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned, "isAnonymous", "twoFactorEnabled")
      select 'seed' || n, 'Person ' || n, 'user' || n || '@example.com', true, ${at}, ${at}, ${ROLE}, false,
        n % 50 = 0, n % 20 = 0
      from ${series(from, to)}`.execute(db);
  }
  for (const [from, to] of batches(EVENTS)) {
    const at = sql`to_char(to_timestamp(${NOW} - n * ${EVENT_STEP}::float8) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`insert into "auditEvent" (id, "createdAt", action, outcome, "actorId", "targetUserId")
      select 'event' || n, ${at}, ${ACTION}, ${OUTCOME},
        case when n % 10 = 6 then null else ${target('n::bigint')} end, ${target('n::bigint')}
      from ${series(from, to)}`.execute(db);
  }
}

async function seed(context: TestContext) {
  const { db, engine } = context.database;
  await (engine === 'postgres' ? seedPostgres(context) : seedSqlite(context));
  // The counts of a bulk load, as the migration makes them for a trail written before it.
  for (const table of ['auditDailyCount', 'userLastActive', 'userLastActiveCount'] as const)
    await db.deleteFrom(table).execute();
  await fillAuditCounts(db);
  // As autovacuum leaves settled tables: statistics, and PostgreSQL's visibility map.
  await sql`${sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}

const AUDIT_VIEWS = [
  ['audit: first page', '/api/v1/admin/audit'],
  ['audit: one person', `/api/v1/admin/audit?userId=seed${Math.ceil(SIZE / 3)}`],
  ['audit: one action', '/api/v1/admin/audit?action=user.sign_out'],
  ['audit: failures', '/api/v1/admin/audit?outcome=failure'],
  ['audit: matching nothing', '/api/v1/admin/audit?action=user.update&outcome=failure'],
  ['audit: last month', `/api/v1/admin/audit?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`],
] as const;
const EXPORTS = [
  ['audit export: failures', '/api/v1/admin/audit/export?outcome=failure'],
  ['users export: guests', '/api/v1/admin/users/export?isAnonymous=true'],
  ['users export: everyone', '/api/v1/admin/users/export'],
] as const;

/** Status-checked timings of ROUNDS calls, after one unmeasured. */
async function timed(call: () => Promise<{ status: number }>) {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const start = performance.now();
    const { status } = await call();
    if (status !== 200) throw new Error(`answered ${status}`);
    if (round > 0) times.push(performance.now() - start);
  }
  return times;
}

/** An export until its first bytes arrive, then dropped (as a client that stops reading). */
async function firstBytes(context: TestContext, admin: TestClient, path: string) {
  const response = await context.app.fetch(
    new Request(`http://localhost:3000${path}`, {
      headers: { cookie: admin.cookieHeader, origin: 'http://localhost:3000' },
    }),
  );
  const reader = response.body!.getReader();
  const chunk = await reader.read();
  await reader.cancel();
  return { status: chunk.done ? 500 : response.status };
}

/** The p50 and p95 columns of `times`, flagged when the p95 is over the budget. */
function latencies(times: number[]) {
  const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
  return `${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${p95 > BUDGET_MS ? `  OVER ${BUDGET_MS} ms` : ''}`;
}

/** Shows a result line as it comes (the summary waits for the end), and returns it. */
function report(line: string) {
  process.stderr.write(`${line}\n`);
  return line;
}

const lines: string[] = [];
const views: string[] = [];
for (const engine of ENGINES) {
  const { context, admin } = await adminContext(engine);
  try {
    const started = performance.now();
    await seed(context);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(`${engine}: seeded ${SIZE} accounts and ${EVENTS} events in ${seconds} s\n`);
    for (const days of WINDOWS) {
      const path = `/api/v1/admin/stats?days=${days}`;
      // The first answer gives the numbers shown; the timed rounds come after.
      const first = await admin.get<{ data: unknown }>(path);
      if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${first.text.slice(0, 200)}`);
      const { days: daily, totals } = first.body.data as {
        days: { signUps: number; signIns: number }[];
        totals: Record<string, number>;
      };
      const times = await timed(() => admin.get(path));
      const signUps = daily.reduce((sum, day) => sum + day.signUps, 0);
      const signIns = daily.reduce((sum, day) => sum + day.signIns, 0);
      const line = [
        engine.padEnd(8),
        String(days).padStart(4),
        String(signUps).padStart(9),
        String(signIns).padStart(9),
        String(totals.activeUsers).padStart(9),
        latencies(times),
      ].join(' ');
      lines.push(report(line));
    }
    const viewLine = (label: string, times: number[]) => `${engine.padEnd(8)} ${label.padEnd(42)} ${latencies(times)}`;
    for (const [label, path] of AUDIT_VIEWS) views.push(report(viewLine(label, await timed(() => admin.get(path)))));
    for (const [label, path] of EXPORTS)
      views.push(report(viewLine(label, await timed(() => firstBytes(context, admin, path)))));
  } finally {
    await context.destroy();
  }
}
process.stdout.write(
  `accounts ${SIZE}, events ${EVENTS}\nengine   days   sign-ups  sign-ins    active  p50 (ms) p95 (ms)\n${lines.join('\n')}\n` +
    `\nengine   view (exports: time to the first bytes)        p50 (ms) p95 (ms)\n${views.join('\n')}\n`,
);
