import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantMembers } from '#test/member-rows';
import { watchStatements } from '#test/statements';
import { createTestContext, ENGINES, type TestContext } from '#test/test-context';
import { decodeMemberCursor, memberCount, memberPage } from '../../db/organization-members';

const LARGE = 'large-organization';
const SMALL = 'small-organization';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * A page of members must cost the same in an organization of fifty thousand as in one of five: it
 * reads a range of the index (organizationId, createdAt, id) from the cursor on, in its order, and
 * never sorts the organization's members. The queries are the page's own, caught as it runs them.
 */
describe.each(ENGINES)('admin organization member page plans on %s', (engine) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext(engine);
    const { db } = context.database;
    const now = new Date().toISOString();
    await db
      .insertInto('organization')
      .values([LARGE, SMALL].map((id) => ({ id, name: id, slug: id, createdAt: now })))
      .execute();
    // Most members in one organization, a few in another; join dates tie in pairs.
    for (let start = 0; start < 4000; start += 500) {
      const people = Array.from({ length: 500 }, (_, offset) => {
        const index = start + offset;
        const joined = new Date(Date.UTC(2030, 0, 1) + Math.floor(index / 2) * 1000).toISOString();
        return { id: `plan-${index}`, joined, organizationId: index % 40 === 0 ? SMALL : LARGE };
      });
      await plantMembers(context.database, people);
    }
    await sql`analyze`.execute(db);
  });
  afterAll(async () => context?.destroy());

  /** The statements a page (and the count) runs, compiled as they are sent. */
  async function statementsOf(cursor: string | undefined): Promise<CompiledQuery[]> {
    const watched = watchStatements(context.database);
    const after = cursor ? decodeMemberCursor(cursor) : undefined;
    if (after === 'invalid') throw new Error('the page gave an invalid cursor');
    await memberPage(watched.database, LARGE, 25, after);
    await memberCount(watched.database, LARGE);
    return watched.statements;
  }

  /**
   * Each engine's plan as lines: SQLite's own, PostgreSQL's nodes as "type relation index". `indexOnly`:
   * PostgreSQL with sequential reads priced out, so that a table is read whole only when no index can
   * serve (here most members are the large organization's, which a whole read rightly serves best).
   */
  async function planOf(query: CompiledQuery, indexOnly = false): Promise<string[]> {
    const { db } = context.database;
    if (engine === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map(({ detail }) => detail);
    }
    const { rows } = await db.transaction().execute(async (trx) => {
      if (indexOnly) await sql`set local enable_seqscan = off`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
    });
    const lines: string[] = [];
    const walk = (node: PlanNode) => {
      lines.push([node['Node Type'], node['Relation Name'], node['Index Name']].filter(Boolean).join(' '));
      node.Plans?.forEach(walk);
    };
    walk(rows[0]!['QUERY PLAN'][0]!.Plan);
    return lines;
  }

  it('reads the first page and a deep one as a range of the join-order index, with no sort', async () => {
    const deep = await memberPage(context.database, LARGE, 3000);
    for (const cursor of [undefined, deep.nextCursor!]) {
      const [pageQuery, countQuery] = await statementsOf(cursor);
      const page = await planOf(pageQuery!);
      const count = await planOf(countQuery!, true);
      if (engine === 'sqlite') {
        expect(page).toEqual([
          expect.stringMatching(/^SEARCH m USING INDEX member_organization_created_idx \(organizationId=\?/),
          expect.stringMatching(/^SEARCH u USING INDEX sqlite_autoindex_user_1 \(id=\?\)$/),
        ]);
        expect(count).toEqual([
          expect.stringMatching(/^SEARCH member USING COVERING INDEX \S+ \(organizationId=\?\)$/),
        ]);
      } else {
        // An index scan in the index's order under the limit: no Sort node, no read of the whole table.
        expect(page.some((line) => line.startsWith('Sort'))).toBe(false);
        expect(page).toEqual([
          'Limit',
          'Nested Loop',
          'Index Scan member member_organization_created_idx',
          'Index Scan user user_pkey',
        ]);
        // The count reads the organization's range of an index by organization (either serves).
        expect(count.filter((line) => line.startsWith('Seq Scan'))).toEqual([]);
        expect(count.some((line) => / member_organization\w*_idx$/.test(line))).toBe(true);
      }
    }
  });
});
