import type { Kysely, Transaction } from 'kysely';
import { PASSWORD_PROVIDER_ID } from '#common/linked-identities';
import type { DB } from '../db/schema';

/**
 * The ways a person can sign in: a password, each passkey, each account at a provider (decision
 * 0085). Better Auth counts account rows only, so a passkey would not save a last provider account,
 * and a password row without a password (an account made by a provider) would. Signing in by mail
 * is left out: the operator may turn it off, so it never stands in for a way of the person's own.
 */
export async function waysIn(db: Kysely<DB> | Transaction<DB>, userId: string) {
  const accounts = await db
    .selectFrom('account')
    .select(['id', 'providerId', 'password'])
    .where('userId', '=', userId)
    .execute();
  const passkeys = await db
    .selectFrom('passkey')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  const password = accounts.some((account) => account.providerId === PASSWORD_PROVIDER_ID && account.password);
  const linked = accounts.filter((account) => account.providerId !== PASSWORD_PROVIDER_ID);
  return { password, passkeys: Number(passkeys.count), linked };
}

/** Whether the person keeps a way in once the linked account `accountId` is gone. */
export const keepsAWayIn = (ways: Awaited<ReturnType<typeof waysIn>>, accountId: string) =>
  ways.password || ways.passkeys > 0 || ways.linked.some((account) => account.id !== accountId);
