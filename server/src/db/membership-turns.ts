import type { Transaction } from 'kysely';
import type { Database } from './database';
import { lockOrganization } from './organization-lock';
import type { DB } from './schema';

const turns = new WeakMap<Database, Promise<unknown>>();

/**
 * Changes to organizations' members, one after another in this process. Across instances (PostgreSQL)
 * the organization's row lock orders them (`lockOrganization`); on SQLite, served by one process, this
 * queue does, for what no transaction of ours covers: Better Auth's member endpoints, which read the
 * other owners and then write, in separate statements.
 */
export function inMembershipTurn<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const turn = (turns.get(database) ?? Promise.resolve()).then(work);
  turns.set(
    database,
    turn.catch(() => {}),
  );
  return turn;
}

/** A transaction of ours that changes members (it takes the organizations' locks first), in its turn. */
export const membershipTransaction = <T>(database: Database, work: (trx: Transaction<DB>) => Promise<T>) =>
  inMembershipTurn(database, () => database.db.transaction().execute(work));

/** Better Auth's endpoints that take a member out of an organization or change a member's role. */
export const MEMBER_ENDPOINTS = new Set([
  '/organization/leave',
  '/organization/remove-member',
  '/organization/update-member-role',
]);

/**
 * One of Better Auth's member endpoints, in its turn and, on PostgreSQL, with the organization locked
 * until it answers: its check for another owner then reads what every earlier change wrote, whichever
 * instance made it. The lock is held by a transaction of its own; the endpoint's statements go through
 * the pool's other connections, and take no lock on the organization's row.
 */
export function aroundMemberEndpoint<T>(
  database: Database,
  organizationId: string | undefined,
  work: () => Promise<T>,
) {
  return inMembershipTurn(database, () =>
    database.engine === 'postgres' && organizationId
      ? database.db.transaction().execute(async (trx) => {
          await lockOrganization(trx, database.engine, organizationId);
          return work();
        })
      : work(),
  );
}
