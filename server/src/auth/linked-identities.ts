import type { Transaction } from 'kysely';
import type { SignInProvider } from '#common/identity-providers';
import { PASSWORD_PROVIDER_ID, type AdminLinkedIdentity } from '#common/linked-identities';
import type { Database } from '../db/database';
import { toIsoDate } from '../db/dates';
import type { DB } from '../db/schema';
import { keepsAWayIn, waysIn } from './sign-in-ways';

/**
 * The identities from providers linked to a person's account, oldest first; null when there is no
 * such person. The password row is not one of them.
 */
export async function listLinkedIdentities(
  { db }: Database,
  userId: string,
  providers: readonly SignInProvider[],
): Promise<AdminLinkedIdentity[] | null> {
  const user = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const rows = await db
    .selectFrom('account')
    .selectAll()
    .where('userId', '=', userId)
    .where('providerId', '!=', PASSWORD_PROVIDER_ID)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const labels = new Map(providers.map((provider) => [provider.id, provider.label]));
  return rows.map((row) => ({
    id: row.id,
    providerId: row.providerId,
    providerLabel: labels.get(row.providerId) ?? row.providerId,
    accountId: row.accountId,
    email: row.providerEmail || null,
    linkedAt: toIsoDate(row.createdAt),
  }));
}

export type LinkedIdentityRemoval =
  | { outcome: 'removed'; providerId: string }
  | { outcome: 'last-way'; providerId: string }
  | { outcome: 'user-not-found' | 'not-found' };

/** Locks the person's row until the transaction ends; says whether they exist. */
async function lockUser(trx: Transaction<DB>, engine: Database['engine'], userId: string) {
  if (engine === 'postgres') {
    return trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  }
  // SQLite has no row locks: a write first takes the database's (as `noOpUpdate` does), on a column
  // no trigger watches (the search index follows name and email, the counts the role).
  return trx
    .updateTable('user')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Removes one identity linked to the person, unless it is their last way to sign in. Removals for
 * one person run one after another under a lock on their row: two admins removing a person's last
 * two identities at once must not both see the other one still there.
 */
export async function removeLinkedIdentity(
  { db, engine }: Database,
  userId: string,
  accountId: string,
): Promise<LinkedIdentityRemoval> {
  return db.transaction().execute(async (trx): Promise<LinkedIdentityRemoval> => {
    if (!(await lockUser(trx, engine, userId))) return { outcome: 'user-not-found' };
    const row = await trx
      .selectFrom('account')
      .select(['id', 'providerId'])
      .where('id', '=', accountId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    // Another person's row, or the password: neither is a linked identity of this person.
    if (!row || row.providerId === PASSWORD_PROVIDER_ID) return { outcome: 'not-found' };
    if (!keepsAWayIn(await waysIn(trx, userId), row.id)) return { outcome: 'last-way', providerId: row.providerId };
    await trx.deleteFrom('account').where('id', '=', row.id).execute();
    return { outcome: 'removed', providerId: row.providerId };
  });
}
