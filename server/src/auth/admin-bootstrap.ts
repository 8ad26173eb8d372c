import { parseRoles } from '#common/roles';
import { removeWaysIn } from './account-claim';
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
 * address counts as verified, and every session, API key, passkey and second factor of the squatter is removed.
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

  // In this order, a start stopped half-way is finished by the next one: the squatter's ways in go
  // first (their second factor too, or the operator's password alone would not sign in), and once
  // the password is the operator's the account is simply promoted.
  const { sessions, apiKeys, passkeys } = await removeWaysIn(context, user.id, { password: false });
  const hash = await context.password.hash(password);
  if (credential) await context.internalAdapter.updatePassword(user.id, hash);
  else
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
  await context.internalAdapter.updateUser(user.id, {
    role,
    emailVerified: true,
    name: name ?? 'Administrator',
  });
  const takeOver = { userId: user.id, sessions, apiKeys, passkeys };
  onTakeOver(takeOver);
  return 'taken-over';
}
