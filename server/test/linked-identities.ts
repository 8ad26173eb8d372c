import crypto from 'node:crypto';
import type { TestContext } from './test-context';

/**
 * An identity from a provider linked to the user, written as Better Auth writes one when a person
 * links it (no provider needed to look at it from the admin's side); its account row's id.
 */
export async function linkIdentity(
  context: TestContext,
  userId: string,
  providerId: string,
  accountId: string = crypto.randomUUID(),
): Promise<string> {
  const { internalAdapter } = await context.auth.$context;
  const account = await internalAdapter.linkAccount({ userId, providerId, accountId });
  return account.id;
}

/** A person who signs in only through a provider: no password, no passkey. Their id and the identity's row id. */
export async function providerOnlyUser(context: TestContext, email: string, providerId: string) {
  const { internalAdapter } = await context.auth.$context;
  // As Better Auth makes a person who arrives through a provider: the user and the identity together.
  const { user, account } = await internalAdapter.createOAuthUser(
    { email, name: email.split('@')[0]!, emailVerified: true },
    { providerId, accountId: crypto.randomUUID() },
  );
  return { id: user.id, accountRowId: account.id };
}

/** The account rows of the user (password and identities), in a stable order: what a refused removal must leave. */
export const accountRows = (context: TestContext, userId: string) =>
  context.database.db
    .selectFrom('account')
    .select(['id', 'providerId', 'accountId', 'password'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
