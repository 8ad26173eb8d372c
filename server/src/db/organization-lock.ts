import type { Transaction } from 'kysely';
import type { DatabaseEngine } from './database';
import { noOpUpdate } from './no-op-update';
import type { DB } from './schema';

/**
 * Locks one organization until the transaction ends and says whether it exists: changes to its
 * members run one after another, each reading what the previous one wrote (two admins demoting its
 * two owners at once must not both see the other owner still there). The account deletion's
 * last-owner check takes the same lock (`guarded-cleanup.ts`).
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
