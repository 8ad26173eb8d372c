import type { KyselyPlugin } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, type LogFields } from '../lib/logger';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { createAuditLog, MAX_PREPARING, MAX_WAITING, type AuditEventInput } from './audit-log';

const DROPPED = 'audit events dropped: the database did not keep up';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit writer at its edges: a full queue, lookups that hang, and a retention prune by batches. */
describe.each(ENGINES)('audit writer edges on %s', (engine) => {
  const suite = contextPerSuite(engine);

  /** A writer of its own on the suite's database, with its errors kept; `plugins` watch its queries. */
  const writer = (...plugins: KyselyPlugin[]) => {
    const errors: { message: string; fields: LogFields }[] = [];
    const logger = {
      ...createLogger('silent'),
      error: (message: string, fields: LogFields = {}) => errors.push({ message, fields }),
    };
    const db = plugins.reduce((withPlugins, plugin) => withPlugins.withPlugin(plugin), suite.context.database.db);
    return { audit: createAuditLog(db, logger), errors };
  };
  const eventBy = (actorId: string, n: number): AuditEventInput => ({
    action: 'user.update',
    outcome: 'success',
    actorId,
    details: { n },
  });
  /** An actor's events, oldest first. */
  const rowsBy = (actorId: string) =>
    suite.context.database.db
      .selectFrom('auditEvent')
      .select('details')
      .where('actorId', '=', actorId)
      .orderBy('createdAt')
      .execute();

  it('keeps the first events of an overfull queue, drops the rest, and logs how many once', async () => {
    const { audit, errors } = writer();
    const actorId = `overfull-${engine}`;
    for (let n = 0; n < MAX_WAITING + 5; n += 1) audit.record(eventBy(actorId, n));
    await audit.flush();
    const kept = (await rowsBy(actorId)).map((row) => (JSON.parse(row.details!) as { n: number }).n);
    expect(kept).toHaveLength(MAX_WAITING);
    expect(Math.max(...kept)).toBe(MAX_WAITING - 1);
    expect(errors).toEqual([{ message: DROPPED, fields: { count: 5 } }]);

    // The queue takes events again, and the drop is not logged twice.
    audit.record(eventBy(actorId, -1));
    await audit.flush();
    expect(await rowsBy(actorId)).toHaveLength(MAX_WAITING + 1);
    expect(errors).toHaveLength(1);
  });

  it('drops events past the lookups under way, writes the others meanwhile, and takes more once they end', async () => {
    const { audit, errors } = writer();
    const actorId = `preparing-${engine}`;
    let release = () => {};
    const hanging = new Promise<null>((resolve) => (release = () => resolve(null)));
    for (let n = 0; n < MAX_PREPARING + 3; n += 1) audit.recordWhen(hanging);
    audit.record(eventBy(actorId, 0));
    // Written though every lookup still hangs (flush would wait for them).
    await vi.waitFor(async () => expect(await rowsBy(actorId)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(errors).toEqual([{ message: DROPPED, fields: { count: 3 } }]), { timeout: 10_000 });

    release();
    await audit.flush();
    // Every lookup that ended left its place: as many again are taken, none dropped.
    for (let n = 1; n <= MAX_PREPARING; n += 1) audit.recordWhen(Promise.resolve(eventBy(actorId, n)));
    await audit.flush();
    expect(await rowsBy(actorId)).toHaveLength(MAX_PREPARING + 1);
    expect(errors).toHaveLength(1);
  });

  it('lets a reader through a hanging lookup after a while, and dates a late event when it happened', async () => {
    const logger = createLogger('silent');
    const audit = createAuditLog(suite.context.database.db, logger, { lookupWaitMs: 50 });
    const actorId = `reader-${engine}`;
    let release = () => {};
    audit.recordWhen(new Promise((resolve) => (release = () => resolve(eventBy(actorId, 1)))));
    await new Promise((resolve) => setTimeout(resolve, 5));
    audit.record(eventBy(actorId, 0));
    await audit.flush();
    expect(await rowsBy(actorId)).toEqual([{ details: JSON.stringify({ n: 0 }) }]);
    // The late event is written once its lookup ends, at the time it happened: before the other.
    release();
    await audit.flush();
    expect(await rowsBy(actorId)).toEqual([
      { details: JSON.stringify({ n: 1 }) },
      { details: JSON.stringify({ n: 0 }) },
    ]);
  });

  it('prunes old events by batches until none is left, and keeps the newer', async () => {
    let deletes = 0;
    const countDeletes: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'DeleteQueryNode') deletes += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const { audit } = writer(countDeletes);
    const actorId = `prune-${engine}`;
    const at = (daysAgo: number, n: number) => ({
      id: `${actorId}-${daysAgo}-${n}`,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS - n * 1000).toISOString(),
      action: 'user.update',
      outcome: 'success',
      actorId,
    });
    const old = Array.from({ length: 11 }, (_, n) => at(40, n));
    const newer = Array.from({ length: 3 }, (_, n) => at(20, n));
    await suite.context.database.db
      .insertInto('auditEvent')
      .values([...old, ...newer])
      .execute();

    expect(await audit.deleteOlderThan(30, Date.now(), 4)).toBe(old.length);
    expect(deletes).toBe(3);
    const left = await suite.context.database.db
      .selectFrom('auditEvent')
      .select('id')
      .where('actorId', '=', actorId)
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual(newer.map((row) => row.id).sort());
    expect(await audit.deleteOlderThan(30, Date.now(), 4)).toBe(0);
  });
});
