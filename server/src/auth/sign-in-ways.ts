import type { Kysely, Transaction } from 'kysely';
import { PASSWORD_PROVIDER_ID } from '#common/linked-identities';
import type { DB } from '../db/schema';

/**
 * How many ways a person has to sign in: a password, each passkey, each identity linked from a
 * provider. Signing in by mail is left out: it is off unless the operator turns it on, and can be
 * turned off again, so it never stands in for a way of the person's own.
 */
export async function countSignInWays(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<number> {
  const accounts = await db
    .selectFrom('account')
    .select(['providerId', 'password'])
    .where('userId', '=', userId)
    .execute();
  // A password row without a password (an account made by a provider, then never given one) is no way in.
  const fromAccounts = accounts.filter((row) => row.providerId !== PASSWORD_PROVIDER_ID || row.password).length;
  const passkeys = await db
    .selectFrom('passkey')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return fromAccounts + Number(passkeys.count);
}
