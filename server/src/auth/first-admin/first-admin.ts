import { kyselyAdapter } from '@better-auth/kysely-adapter';
import { getCurrentDBAdapterAsyncLocalStorage } from '@better-auth/core/context';
import { sql } from 'kysely';
import { parseRoles } from '#common/roles';
import type { Database } from '../../db/database';
import type { Auth } from '../auth';
import { setupLinkState, spendSetupLinks, type SetupLinkState } from './setup-link';

export interface FirstAdminInput {
  token: string;
  name: string;
  email: string;
  password: string;
}

export interface FirstAdmin {
  id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * `created`: a new account; `promoted`: the account of this address already had this password (its
 * owner signed up before opening the link); `taken`: the address has an account with another
 * password; otherwise the link's state.
 */
export type FirstAdminOutcome =
  { kind: 'created' | 'promoted'; user: FirstAdmin } | { kind: Exclude<SetupLinkState, 'open'> | 'taken' };

/**
 * Creates the first platform admin with a setup link: the account (verified, admin, with its
 * password) and the spending of every link are one transaction, taken under a lock after the link
 * and the absence of an admin are checked again, so two requests at once make one admin at most,
 * whichever links they carry. On PostgreSQL the lock is an advisory one held to the end of the
 * transaction; SQLite's one connection runs one transaction at a time. Better Auth writes the account
 * (its ids, its dates, its hooks) through an adapter on that transaction.
 */
export async function createFirstAdmin(
  auth: Auth,
  database: Database,
  { token, name, email, password }: FirstAdminInput,
  now = new Date(),
): Promise<FirstAdminOutcome> {
  // Cheap refusals first: a wrong link costs no password hashing.
  const before = await setupLinkState(database.db, token, now);
  if (before !== 'open') return { kind: before };

  const context = await auth.$context;
  const address = email.toLowerCase();
  const existing = await context.internalAdapter.findUserByEmail(address, { includeAccounts: true });
  const credential = existing?.accounts.find((account) => account.providerId === 'credential');
  // Hashing and verifying before the transaction: SQLite's one connection is not held for them.
  if (existing && !(credential?.password && (await context.password.verify({ hash: credential.password, password })))) {
    return { kind: 'taken' };
  }
  const hash = existing ? undefined : await context.password.hash(password);

  const afterCommit: (() => Promise<void>)[] = [];
  const storage = await getCurrentDBAdapterAsyncLocalStorage();
  const work = database.db.transaction().execute(async (trx): Promise<FirstAdminOutcome> => {
    if (database.engine === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('gatehouse:first-admin'))`.execute(trx);
    }
    const state = await setupLinkState(trx, token, now);
    if (state !== 'open') return { kind: state };
    const adapter = kyselyAdapter(trx, { type: database.engine })(context.options);
    const store = { adapter, pendingHooks: afterCommit, isTransactionActive: true };
    const made = await storage.run(store, async (): Promise<FirstAdminOutcome> => {
      if (existing) {
        const roles = parseRoles((existing.user as { role?: string | null }).role).filter((held) => held !== 'user');
        const user = await context.internalAdapter.updateUser(existing.user.id, {
          role: [...roles, 'admin'].join(','),
          emailVerified: true,
        });
        return { kind: 'promoted', user: view(user) };
      }
      const user = await context.internalAdapter.createUser(
        { email: address, name, role: 'admin', emailVerified: true },
        { method: 'admin' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash!,
      });
      return { kind: 'created', user: view(user) };
    });
    await spendSetupLinks(trx);
    return made;
  });
  let outcome: FirstAdminOutcome;
  try {
    outcome = await work;
  } catch (error) {
    // A sign-up took the address meanwhile: the unique address refused the insert, nothing was kept.
    if (!existing && (await context.internalAdapter.findUserByEmail(address))) return { kind: 'taken' };
    throw error;
  }
  // What Better Auth queued for after the commit (sessions kept in Redis learn the new role).
  for (const hook of afterCommit) await hook();
  return outcome;
}

const view = (user: { id: string; email: string; name: string; role?: unknown }): FirstAdmin => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: typeof user.role === 'string' ? user.role : 'admin',
});
