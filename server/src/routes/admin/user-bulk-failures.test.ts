import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { admin, plainUser } from '../../../security/support/principals';
import { contextPerSuite } from '#test/suite';
import { ENGINES, type TestContext } from '#test/test-context';
import { BULK } from '#test/fixtures/user-bulk';
import { BULK_FAILED } from './user-bulk';

const TRIGGER = 'bulk_failure_test';

/** Makes the database refuse every change to one user's row, as a failing disk or a lost connection would. */
async function refuseChangesTo(context: TestContext, userId: string) {
  const { db } = context.database;
  if (context.database.engine === 'sqlite') {
    await sql`create trigger ${sql.id(TRIGGER)} before update on "user" when old.id = ${sql.lit(userId)}
      begin select raise(abort, 'the disk refused the write'); end`.execute(db);
    return () => sql`drop trigger ${sql.id(TRIGGER)}`.execute(db);
  }
  await sql`create function ${sql.id(TRIGGER)}() returns trigger language plpgsql as
    $$ begin raise exception 'the disk refused the write'; end $$`.execute(db);
  await sql`create trigger ${sql.id(TRIGGER)} before update on "user" for each row
    when (old.id = ${sql.lit(userId)}) execute function ${sql.id(TRIGGER)}()`.execute(db);
  return async () => {
    await sql`drop trigger ${sql.id(TRIGGER)} on "user"`.execute(db);
    await sql`drop function ${sql.id(TRIGGER)}()`.execute(db);
  };
}

/** A bulk action whose work fails on the server for one user: that user's result says so, the others go on. */
describe.each(ENGINES)('admin bulk action failures on %s', (engine) => {
  const lines: Array<Record<string, unknown>> = [];
  const suite = contextPerSuite(engine, {
    logger: createLogger('error', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
  });
  const db = () => suite.context.database.db;
  const banOf = (id: string) =>
    db().selectFrom('user').select(['banned', 'banReason']).where('id', '=', id).executeTakeFirstOrThrow();
  const sessionsOf = async (id: string) =>
    (await db().selectFrom('session').select('id').where('userId', '=', id).execute()).length;

  it('answers the failed user with BULK_FAILED, logs why, leaves them as they were, and bans the others', async () => {
    const root = await admin(suite.context, 'Failure Admin');
    const [before, failing, after] = await Promise.all(
      ['Before', 'Failing', 'After'].map((label) => plainUser(suite.context, `Bulk ${label}`)),
    );
    const ids = [before!.id, failing!.id, after!.id];
    const restore = await refuseChangesTo(suite.context, failing!.id);
    let response;
    try {
      response = await root.client.post(BULK, { action: 'ban', userIds: ids, banReason: 'spam wave' });
    } finally {
      await restore();
    }

    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      data: {
        results: [
          { userId: before!.id, ok: true },
          { userId: failing!.id, ok: false, ...BULK_FAILED },
          { userId: after!.id, ok: true },
        ],
      },
    });
    // The reason is for the log, never the answer.
    expect(response.text).not.toContain('the disk refused');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'bulk admin action failed', action: 'ban', userId: failing!.id }),
    );
    // The failed user is neither banned nor signed out: nothing of the action was done to them.
    expect(await banOf(failing!.id)).toMatchObject({ banned: engine === 'postgres' ? false : 0, banReason: null });
    expect(await sessionsOf(failing!.id)).toBe(1);
    expect((await failing!.client.get('/api/auth/get-session')).body?.user.id).toBe(failing!.id);
    for (const done of [before!, after!]) {
      expect(await banOf(done.id)).toMatchObject({ banned: engine === 'postgres' ? true : 1, banReason: 'spam wave' });
      expect(await sessionsOf(done.id)).toBe(0);
    }
    await suite.context.audit.flush();
    const bans = await db()
      .selectFrom('auditEvent')
      .select(['targetUserId', 'outcome'])
      .where('action', '=', 'admin.ban')
      .where('targetUserId', 'in', ids)
      .execute();
    expect(bans.filter((event) => event.outcome === 'success').map((event) => event.targetUserId)).toEqual(
      expect.arrayContaining([before!.id, after!.id]),
    );
    expect(bans.filter((event) => event.targetUserId === failing!.id && event.outcome === 'success')).toEqual([]);
  });
});
