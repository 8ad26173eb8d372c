import { getCurrentAdapter, runWithTransaction } from '@better-auth/core/context';
import { parseRoles } from '#common/roles';
import type { Auth } from './auth';

export type AdminBootstrapResult = 'created' | 'promoted' | 'taken-over' | 'unchanged';

export interface TakeOver {
  userId: string;
  sessions: number;
  apiKeys: number;
  passkeys: number;
}

/**
 * Makes sure a user with this email exists, has the admin role and answers to this password.
 * Idempotent: an admin is left alone, password included. An existing non-admin account is promoted
 * only when it already has this password (its owner is the operator); otherwise it is taken over,
 * because anyone could have registered the address first: the password becomes the operator's, the
 * address counts as verified, and every session, API key and passkey of the squatter is removed.
 */
export async function ensureAdmin(
  auth: Auth,
  { email, password, name }: { email: string; password: string; name?: string },
  onTakeOver: (takeOver: TakeOver) => void = () => {},
): Promise<AdminBootstrapResult> {
  const normalizedEmail = email.trim().toLowerCase();
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(normalizedEmail, { includeAccounts: true });

  if (!existing) {
    // A server-side call without request headers: the admin plugin allows it without a session.
    await auth.api.createUser({
      body: {
        email: normalizedEmail,
        password,
        name: name ?? 'Administrator',
        role: 'admin',
        data: { emailVerified: true },
      },
    });
    return 'created';
  }

  const { user, accounts } = existing;
  const roles = parseRoles((user as { role?: string | null }).role);
  if (roles.includes('admin')) return 'unchanged';
  const role = [...roles.filter((held) => held !== 'user'), 'admin'].join(',');

  const credential = accounts.find((account) => account.providerId === 'credential');
  const ownedByOperator =
    credential?.password != null && (await context.password.verify({ hash: credential.password, password }));
  if (ownedByOperator) {
    await context.internalAdapter.updateUser(user.id, { role });
    return 'promoted';
  }

  const hash = await context.password.hash(password);
  const byUser = [{ field: 'userId', value: user.id }];
  const takeOver = await runWithTransaction(context.adapter, async () => {
    const sessions = (await context.internalAdapter.listSessions(user.id)).length;
    await context.internalAdapter.deleteUserSessions(user.id);
    const adapter = await getCurrentAdapter(context.adapter);
    const apiKeys = await adapter.deleteMany({ model: 'apikey', where: [{ field: 'referenceId', value: user.id }] });
    const passkeys = await adapter.deleteMany({ model: 'passkey', where: byUser });
    // Only the password the operator chose opens the account from now on.
    await adapter.deleteMany({ model: 'account', where: byUser });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
    await context.internalAdapter.updateUser(user.id, { role, emailVerified: true, name: name ?? 'Administrator' });
    return { userId: user.id, sessions, apiKeys, passkeys };
  });
  onTakeOver(takeOver);
  return 'taken-over';
}
