import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchStatements } from '#test/statements';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';
import { readAdminStats } from './stats-query';

/** Tables of one row per role or per flag: reading them whole costs nothing, whatever the size of the product. */
const TINY = new Set(['user_role_count', 'user_flag_count']);
const DAYS = 730;
const DAY_MS = 86_400_000;

interface Step {
  /** `SCAN`/`SEARCH` (SQLite), or the plan node's type (PostgreSQL). */
  kind: string;
  table: string;
  /** The index read, if any, and for SQLite the whole line. */
  detail: string;
}

/**
 * The overview must answer in milliseconds at a million users and millions of events: every query
 * it runs reads an index range or a kept count, never a whole table of accounts, events or days.
 * The queries are the reader's own, caught as it runs them, and explained by each engine.
 */
describe.each(ENGINES)('admin stats query plans on %s', (engine) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext(engine);
    const { db } = context.database;
    const flag = engine === 'postgres' ? false : 0;
    // Two years of accounts and of kept counts, so that a 90-day window is a small part of each.
    const day = (index: number) => new Date(Date.now() - (index % DAYS) * DAY_MS);
    const users = Array.from({ length: 3000 }, (_, index) => {
      const createdAt = engine === 'postgres' ? day(index) : day(index).toISOString();
      return {
        id: `plan-${index}`,
        name: `Plan ${index}`,
        email: `plan-${index}@example.com`,
        emailVerified: flag,
        createdAt,
        updatedAt: createdAt,
        role: index % 100 === 0 ? 'admin' : 'user',
      };
    });
    for (let start = 0; start < users.length; start += 500)
      await db
        .insertInto('user')
        .values(users.slice(start, start + 500))
        .execute();
    const days = Array.from({ length: DAYS }, (_, index) => day(index).toISOString().slice(0, 10));
    const counts = days.flatMap((date) =>
      ['user.sign_in', 'user.sign_up', 'user.sign_out'].flatMap((action) =>
        ['success', 'failure'].map((outcome) => ({ action, day: date, outcome, total: 7 })),
      ),
    );
    for (let start = 0; start < counts.length; start += 500)
      await db
        .insertInto('auditDailyCount')
        .values(counts.slice(start, start + 500))
        .execute();
    await db
      .insertInto('userLastActiveCount')
      .values(days.map((date) => ({ day: date, total: 3 })))
      .execute();
    await sql`analyze`.execute(db);
  });
  afterAll(async () => context?.destroy());

  /** The statements the reader runs for a window, compiled as they are sent. */
  async function statementsOf(days: number): Promise<CompiledQuery[]> {
    const watched = watchStatements(context.database);
    await readAdminStats(watched.database, days);
    return watched.statements;
  }

  async function planOf(query: CompiledQuery): Promise<Step[]> {
    const { db } = context.database;
    if (engine === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map(({ detail }) => {
        const [, kind = '', table = ''] = /^(SCAN|SEARCH) (\S+)/.exec(detail) ?? [];
        return { kind, table, detail };
      });
    }
    // Sequential reads priced out: a table is then read whole only when no index can serve the query.
    const [plan] = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      return rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[];
    });
    const steps: Step[] = [];
    const walk = (node: PlanNode) => {
      // A bitmap heap scan names the index of the bitmap index scan under it.
      const index = node['Index Name'] ?? node.Plans?.find((child) => child['Index Name'])?.['Index Name'] ?? '';
      if (node['Relation Name']) steps.push({ kind: node['Node Type'], table: node['Relation Name'], detail: index });
      node.Plans?.forEach(walk);
    };
    walk(plan!.Plan);
    return steps;
  }
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }

  for (const days of [1, 30, 90]) {
    it(`reads index ranges and kept counts only, for ${days} days`, async () => {
      const statements = await statementsOf(days);
      // Daily sign-ins, sign-ups by day, roles, flags, active accounts: five statements, all explained.
      expect(statements).toHaveLength(5);
      const steps = (await Promise.all(statements.map(planOf))).flat();
      const wholeReads = steps.filter(
        (step) =>
          !TINY.has(step.table) &&
          (step.kind === 'SCAN' || step.kind === 'Seq Scan') &&
          // SQLite: the window's days, given as values in the query.
          !/^SCAN (window_days|CONSTANT ROW|\d+ CONSTANT ROWS)$/.test(step.detail),
      );
      expect(wholeReads).toEqual([]);
      const read = (table: string) => steps.filter((step) => step.table === table).map((step) => step.detail);
      if (engine === 'sqlite') {
        // One range of the creation-date index per day of the window.
        expect(read('user')).toEqual([
          expect.stringMatching(
            /^SEARCH user USING COVERING INDEX user_created_at_idx \(createdAt>\? AND createdAt<\?\)/,
          ),
        ]);
        expect(read('auditDailyCount')).toEqual([
          expect.stringMatching(/USING INDEX .*\(action=\? AND day>\? AND day<\?\)/),
        ]);
        expect(read('userLastActiveCount')).toEqual([expect.stringMatching(/USING INDEX .*\(day>\? AND day<\?\)/)]);
        expect(read('auditEvent')).toEqual([]);
      } else {
        // Neither the accounts nor the trail are read at all: only counts kept beside them.
        expect(read('user')).toEqual([]);
        expect(read('auditEvent')).toEqual([]);
        expect(read('user_created_count')).toEqual(['user_created_count_day_idx']);
        expect(read('auditDailyCount')).toEqual(['audit_daily_count_pk']);
        expect(read('userLastActiveCount')).toEqual(['userLastActiveCount_pkey']);
      }
    });
  }
});
