import type { Transaction } from 'kysely';
import type { Database } from './database';
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

/**
 * Better Auth's endpoints that take a member out of an organization, give a member or an invitation a
 * role, or change the roles themselves: a role deleted or renamed while another request gives it would
 * leave a member or an invitation holding a name that grants nothing.
 */
export const MEMBER_ENDPOINTS = new Set([
  '/organization/leave',
  '/organization/remove-member',
  '/organization/update-member-role',
  '/organization/invite-member',
  '/organization/accept-invitation',
  '/organization/create-role',
  '/organization/update-role',
  '/organization/delete-role',
]);

/**
 * One of Better Auth's member endpoints, in its turn and, on PostgreSQL, with the organization locked
 * until it answers: its check for another owner then reads what every earlier change wrote, whichever
 * instance made it. The lock is held by a transaction of its own; the endpoint's statements go through
 * the pool's other connections. It is `FOR NO KEY UPDATE`: it waits for every other lock of the
 * organization (`lockOrganization`'s and its own), yet lets the endpoint's inserts through (an
 * invitation, a member, a role: their foreign key takes a key-share lock on the organization's row,
 * which `FOR UPDATE` would hold up until the endpoint answered, that is forever).
 */
export function aroundMemberEndpoint<T>(
  database: Database,
  organizationId: string | undefined,
  work: () => Promise<T>,
) {
  return inMembershipTurn(database, () =>
    database.engine === 'postgres' && organizationId
      ? database.db.transaction().execute(async (trx) => {
          await trx.selectFrom('organization').select('id').where('id', '=', organizationId).forNoKeyUpdate().execute();
          return work();
        })
      : work(),
  );
}
