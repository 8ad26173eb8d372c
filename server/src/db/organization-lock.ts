import type { Transaction } from 'kysely';
import type { DatabaseEngine } from './database';
import { noOpUpdate } from './no-op-update';
import type { DB } from './schema';

/**
 * Locks one organization until the transaction ends and says whether it exists: changes to its
 * members run one after another, each reading what the previous one wrote (two admins demoting its
 * two owners at once must not both see the other owner still there). Account deletions and guest
 * upgrades take the same lock (`lockOrganizationsOf`).
 */
export async function lockOrganization(
  trx: Transaction<DB>,
  engine: DatabaseEngine,
  organizationId: string,
): Promise<{ id: string; name: string } | undefined> {
  if (engine === 'postgres') {
    return trx
      .selectFrom('organization')
      .select(['id', 'name'])
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirst();
  }
  return noOpUpdate(trx, 'organization').where('id', '=', organizationId).returning(['id', 'name']).executeTakeFirst();
}

/**
 * Locks every organization the users belong to until the transaction ends, as `lockOrganization`
 * locks one: whatever changes their members (a deletion, a guest upgrade, an admin's change) runs
 * after the others, reading what they wrote. Taken before anything is read: on SQLite, a transaction
 * that read before its first write fails, instead of waiting, once another has written meanwhile.
 */
export async function lockOrganizationsOf(trx: Transaction<DB>, engine: DatabaseEngine, userIds: string[]) {
  const organizationIds = trx.selectFrom('member').select('organizationId').where('userId', 'in', userIds);
  if (engine === 'postgres') {
    // In one order, so that two transactions sharing several organizations never wait for each other in a circle.
    await trx
      .selectFrom('organization')
      .select('id')
      .where('id', 'in', organizationIds)
      .orderBy('id')
      .forUpdate()
      .execute();
  } else {
    await noOpUpdate(trx, 'organization').where('id', 'in', organizationIds).execute();
  }
}
