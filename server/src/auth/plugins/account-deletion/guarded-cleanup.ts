import type { Transaction } from 'kysely';
import type { Database, DatabaseEngine } from '../../../db/database';
import { noOpUpdate } from '../../../db/no-op-update';
import type { DB } from '../../../db/schema';
import { deleteRowsOf } from './cleanup';
import { lastOwnerError, organizationsLeftWithoutOwner } from './last-owner';

/**
 * Locks the organizations the user belongs to until the transaction ends: deletions that touch one
 * organization run one after another, each reading what the previous one wrote.
 */
async function lockOrganizationsOf(trx: Transaction<DB>, engine: DatabaseEngine, userId: string) {
  const organizationIds = trx.selectFrom('member').select('organizationId').where('userId', '=', userId);
  if (engine === 'postgres') {
    // In one order, so that two people sharing several organizations never wait for each other.
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

/**
 * A deletion once Better Auth has checked who asks (the person, or an admin for `whose` account):
 * the last-owner rule and the clean-up in one transaction, under the locks of the organizations.
 * Checked apart, two owners of one organization deleted at once would each see the other still
 * there, and leave its members with no owner.
 */
export async function deleteEverythingUnlessLastOwner(
  database: Database,
  userId: string,
  whose: 'your' | 'their' = 'your',
) {
  await database.db.transaction().execute(async (trx) => {
    await lockOrganizationsOf(trx, database.engine, userId);
    const names = await organizationsLeftWithoutOwner(trx, userId);
    if (names.length > 0) throw lastOwnerError(names, whose);
    await deleteRowsOf(trx, userId);
  });
}
