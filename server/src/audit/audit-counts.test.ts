import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createAuditCounts } from '../db/migrations/audit-counts';
import { createLogger, type LogFields } from '../lib/logger';
import { countedFromRows } from '#test/fixtures/admin-stats';
import { readAdminStats } from '../routes/admin/stats-query';
import { ADMIN_ENV, signUp } from '#test/accounts';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';
import { createAuditLog } from './audit-log';

/** The daily counts the audit writer keeps beside its events (decision 0046). */
describe.each(ENGINES)('audit counts on %s', (engine) => {
  const suite = contextPerSuite(engine, { env: ADMIN_ENV });
  const today = () => new Date().toISOString().slice(0, 10);
  const yesterday = () => new Date(Date.now() - 86_400_000);

  /** A writer of its own on the suite's database (as a second instance is), with its errors kept. */
  const writer = () => {
    const errors: { message: string; fields: LogFields }[] = [];
    const logger = {
      ...createLogger('silent'),
      error: (message: string, fields: LogFields = {}) => errors.push({ message, fields }),
    };
    return { audit: createAuditLog(suite.context.database.db, logger), errors };
  };
  const signInOf = (userId: string) =>
    ({ action: 'user.sign_in', outcome: 'success', actorId: userId, targetUserId: userId }) as const;
  const activeOn = async (day: string) =>
    (
      await suite.context.database.db
        .selectFrom('userLastActiveCount')
        .select('total')
        .where('day', '=', day)
        .executeTakeFirst()
    )?.total ?? 0;
  const signInsOn = async (day: string) =>
    (
      await suite.context.database.db
        .selectFrom('auditDailyCount')
        .select('total')
        .where('action', '=', 'user.sign_in')
        .where('day', '=', day)
        .where('outcome', '=', 'success')
        .executeTakeFirst()
    )?.total ?? 0;

  it('writes the counts with their events or neither, logs the failure, and the action stands', async () => {
    const { db } = suite.context.database;
    const { audit, errors } = writer();
    const before = await signInsOn(today());
    await db.schema.alterTable('userLastActiveCount').renameTo('userLastActiveCountAway').execute();
    try {
      audit.record(signInOf('counted-never'));
      await audit.flush();
      // The app's own writer fails the same way: the sign-up it records is still made.
      await signUp(suite.context.app, { email: 'counts-outage@example.com' });
      await suite.context.auth.settle();
    } finally {
      await db.schema.alterTable('userLastActiveCountAway').renameTo('userLastActiveCount').execute();
    }
    expect(errors).toEqual([
      { message: 'audit events not written', fields: expect.objectContaining({ count: 1, actions: 'user.sign_in' }) },
    ]);
    const written = await db
      .selectFrom('auditEvent')
      .select('id')
      .where('targetUserId', '=', 'counted-never')
      .execute();
    expect(written).toEqual([]);
    expect(await signInsOn(today())).toBe(before);
    const account = await db.selectFrom('user').select('id').where('email', '=', 'counts-outage@example.com').execute();
    expect(account).toHaveLength(1);
  });

  it('counts every account once when two instances write sign-ins and sign-ups of the same people at once', async () => {
    const users = Array.from({ length: 60 }, (_, index) => `racer-${String(index).padStart(2, '0')}`);
    const first = writer();
    const second = writer();
    // Everyone was last active yesterday: each writer would move them to today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(yesterday());
    try {
      for (const user of users) first.audit.record(signInOf(user));
    } finally {
      vi.useRealTimers();
    }
    await first.audit.flush();
    const day = yesterday().toISOString().slice(0, 10);
    const [activeYesterday, activeToday, signIns] = [
      await activeOn(day),
      await activeOn(today()),
      await signInsOn(today()),
    ];

    // Of two actions, so that the writers share no daily count row (which would queue one behind the other).
    for (const user of users) first.audit.record(signInOf(user));
    for (const user of [...users].reverse()) second.audit.record({ ...signInOf(user), action: 'user.sign_up' });
    await Promise.all([first.audit.flush(), second.audit.flush()]);

    expect([...first.errors, ...second.errors]).toEqual([]);
    expect(await activeOn(day)).toBe(activeYesterday - users.length);
    expect(await activeOn(today())).toBe(activeToday + users.length);
    expect(await signInsOn(today())).toBe(signIns + users.length);
    const held = await suite.context.database.db
      .selectFrom('userLastActive')
      .select('day')
      .where('userId', 'in', users)
      .execute();
    expect(held.map((row) => row.day)).toEqual(users.map(() => today()));
  });

  it('carries over the counts of the events written before the counts were kept', async () => {
    const { database } = suite.context;
    await suite.context.auth.settle();
    const kept = await readAdminStats(database, 90);
    expect(kept).toEqual(await countedFromRows(suite.context, 90));
    for (const table of ['auditDailyCount', 'userLastActive', 'userLastActiveCount'])
      await database.db.schema.dropTable(table).execute();
    if (engine === 'postgres') await sql`drop index user_created_count_day_idx`.execute(database.db);
    await createAuditCounts(database.db, engine);
    expect(await readAdminStats(database, 90)).toEqual(kept);
  });
});
