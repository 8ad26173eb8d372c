import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/schema';
import { admin, plainUser, type Person } from '../../security/support/principals';
import { countQueriesOf, downloadCsv, expectCsvDownload, FORMULA_CELLS, readSlowly } from '#test/csv-export';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

const HEADER = [
  'time',
  'action',
  'action label',
  'outcome',
  'actor id',
  'actor email',
  'target id',
  'target email',
  'organization id',
  'IP',
  'user agent',
  'details',
];
const BULK = 2500;

type Row = DB['auditEvent'];
const at = (iso: string, seconds = 0) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const event = (fields: Partial<Row> & Pick<Row, 'id' | 'createdAt'>): Row => ({
  action: 'user.sign_in',
  outcome: 'success',
  actorId: null,
  targetUserId: null,
  organizationId: null,
  ipAddress: null,
  userAgent: null,
  details: null,
  ...fields,
});

/** The audit export: every matching event as CSV, streamed by keyset batches, to admins only. */
describe.each(ENGINES)('audit CSV export on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let root: Person;
  let subject: Person;

  const insert = async (rows: Row[]) => {
    for (let start = 0; start < rows.length; start += 500) {
      await suite.context.database.db
        .insertInto('auditEvent')
        .values(rows.slice(start, start + 500))
        .execute();
    }
  };
  /** Bulk event `n` (0 the oldest), one second apart in 2021, about the subject. */
  const bulk = (n: number) =>
    event({
      id: `bulk-${String(n).padStart(5, '0')}`,
      createdAt: at('2021-01-01T00:00:00Z', n),
      action: n % 2 ? 'user.sign_in' : 'password.change',
      outcome: n % 3 ? 'success' : 'failure',
      actorId: 'gone-actor',
      targetUserId: subject.id,
      ipAddress: '203.0.113.7',
      details: JSON.stringify({ n }),
    });
  const BULK_FILTER = () => `userId=${subject.id}&to=2022-01-01T00:00:00Z`;
  const exportOf = (query: string) => downloadCsv(root.client, `/api/v1/admin/audit/export?${query}`, HEADER);
  /** Counts the batch queries of exports: each reads `auditEvent` once. */
  const countBatches = () => countQueriesOf(suite.context, 'auditEvent as e');
  afterEach(() => vi.restoreAllMocks());

  beforeAll(async () => {
    root = await admin(suite.context, 'Export Admin');
    subject = await plainUser(suite.context, 'Export Subject');
    await insert(Array.from({ length: BULK }, (_, n) => bulk(n)));
  });

  it('streams thousands of events complete, newest first, in batches of 1,000, as a named CSV download', async () => {
    const batches = countBatches();
    const { response, rows } = await exportOf(BULK_FILTER());
    expectCsvDownload(response, 'audit');
    expect(rows).toHaveLength(BULK);
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: BULK }, (_, i) => bulk(BULK - 1 - i).createdAt));
    expect(rows.map((row) => JSON.parse(row[11]!).n)).toEqual(Array.from({ length: BULK }, (_, i) => BULK - 1 - i));
    expect(rows[0]).toEqual([
      bulk(BULK - 1).createdAt,
      'user.sign_in',
      'Signed in',
      'failure',
      'gone-actor',
      '',
      subject.id,
      subject.email,
      '',
      '203.0.113.7',
      '',
      `{"n":${BULK - 1}}`,
    ]);
    expect(batches()).toBe(3);
  });

  it('reads each batch only when the client has taken the one before', async () => {
    const batches = countBatches();
    // Older than every event so far: only an export still reading finds them, at its end.
    const late = [0, 1, 2].map((n) =>
      event({ id: `late-${n}`, createdAt: at('2020-06-01T00:00:00Z', -n), targetUserId: subject.id }),
    );
    const rows = await readSlowly(
      suite.context,
      root.client,
      `/api/v1/admin/audit/export?${BULK_FILTER()}`,
      async () => {
        expect(batches()).toBe(1);
        await insert(late);
      },
    );
    expect(rows).toHaveLength(BULK + 3);
    expect(rows.slice(-3).map((row) => row[0])).toEqual(late.map((row) => row.createdAt));
    expect(batches()).toBe(3);
    await suite.context.database.db.deleteFrom('auditEvent').where('id', 'like', 'late-%').execute();
  });

  it('applies every filter: person as actor or target, action, outcome, time', async () => {
    const other = await plainUser(suite.context, 'Export Other');
    const day = (n: number) => at(`2022-03-0${n}T00:00:00Z`);
    await insert([
      event({ id: 'f-1', createdAt: day(1), outcome: 'failure', targetUserId: other.id, details: '{"mark":1}' }),
      event({ id: 'f-2', createdAt: day(2), actorId: other.id, targetUserId: other.id, details: '{"mark":2}' }),
      event({ id: 'f-3', createdAt: day(3), action: 'password.change', actorId: other.id, details: '{"mark":3}' }),
      event({ id: 'f-4', createdAt: day(4), action: 'admin.ban', actorId: root.id, targetUserId: other.id }),
    ]);
    const marks = async (query: string) =>
      (await exportOf(`userId=${other.id}&${query}`)).rows.map((row) => JSON.parse(row[11]!).mark ?? row[1]);
    // Their sign-up, just now, is theirs too.
    expect(await marks('')).toEqual(['user.sign_up', 'admin.ban', 3, 2, 1]);
    expect(await marks('action=user.sign_in')).toEqual([2, 1]);
    expect(await marks('action=user.sign_in&outcome=failure')).toEqual([1]);
    expect(await marks(`from=${day(2)}&to=${day(4)}`)).toEqual([3, 2]);
    expect(await marks('from=2022-03-02T01:00:00%2B01:00&to=2022-03-03T00:00:00Z')).toEqual([2]);
    const [ban] = (await exportOf(`userId=${other.id}&action=admin.ban`)).rows;
    expect(ban!.slice(4, 8)).toEqual([root.id, root.email, other.id, other.email]);
    // Paging keys are no filters: the export has every match.
    expect(await marks('limit=1&cursor=anything')).toHaveLength(5);
  });

  it('answers an empty export with its header alone', async () => {
    expect((await exportOf('userId=nobody-at-all')).rows).toEqual([]);
  });

  it('writes cells that look like formulas as text, so a spreadsheet never runs them', async () => {
    const agents = [...FORMULA_CELLS.map(([cell]) => cell), 'Mozilla/5.0 (X11)'];
    await insert(
      agents.map((userAgent, n) =>
        event({ id: `formula-${n}`, createdAt: at('2023-01-01T00:00:00Z', -n), actorId: 'formula', userAgent }),
      ),
    );
    const { rows } = await exportOf('userId=formula');
    expect(rows.map((row) => row[10])).toEqual([...FORMULA_CELLS.map(([, text]) => text), 'Mozilla/5.0 (X11)']);
  });
});
