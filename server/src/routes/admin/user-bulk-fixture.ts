import { plainUser } from '../../security/support/principals';
import { contextPerSuite } from '../../testing/suite';
import type { Engine } from '../../testing/test-context';

export const BULK = '/api/v1/admin/users/bulk';

/** A context for one `describe` block of bulk action tests, with what they read of the database. */
export function bulkSuite(engine: Engine) {
  const suite = contextPerSuite(engine);
  const db = () => suite.context.database.db;
  return {
    suite,
    db,
    off: engine === 'postgres' ? false : 0,
    on: engine === 'postgres' ? true : 1,
    userRow: (id: string) =>
      db()
        .selectFrom('user')
        .select(['id', 'banned', 'banReason', 'banExpires'])
        .where('id', '=', id)
        .executeTakeFirst(),
    sessionsOf: async (id: string) =>
      (await db().selectFrom('session').select('id').where('userId', '=', id).execute()).length,
    people: (count: number, label: string) =>
      Promise.all(Array.from({ length: count }, (_, index) => plainUser(suite.context, `${label} ${index}`))),
    auditOf: async (action: string, ids: string[]) => {
      await suite.context.audit.flush();
      return db()
        .selectFrom('auditEvent')
        .select(['actorId', 'targetUserId', 'outcome'])
        .where('action', '=', action)
        .where('targetUserId', 'in', ids)
        .execute();
    },
  };
}
