import type { AuthContext } from 'better-auth';
import type { AuditLog } from '../audit/audit-log';
import { accountClaimedEmail, type RemovedWaysIn } from '../mail/account-claim-templates';
import { changeFrom, sendQuietly, type PasswordMailDependencies } from './password-mail';
import { endResetLinks } from './plugins/reset-links';

/** What the claim reads and writes through: Better Auth's adapters, whatever the options. */
type ClaimContext = Pick<AuthContext, 'internalAdapter' | 'tables'> & {
  adapter: Pick<AuthContext['adapter'], 'deleteMany'>;
};

/**
 * Removes every way into an account but its password row: passkeys, API keys, the two-factor secret
 * and backup codes, trusted devices, linked sign-ins, then every session (last, so that one opened
 * meanwhile by a way in just removed ends too). `password: true` removes the password as well.
 * Trusted devices are found in the database; with Redis they stay there, harmless once two-factor is off
 * (turning it on again asks for a code everywhere but there, and the password is the owner's).
 */
export async function removeWaysIn(
  context: ClaimContext,
  userId: string,
  { password }: { password: boolean },
): Promise<RemovedWaysIn> {
  const byUser = [{ field: 'userId', value: userId }];
  const passkeys = await context.adapter.deleteMany({ model: 'passkey', where: byUser });
  const apiKeys = await context.adapter.deleteMany({
    model: 'apikey',
    where: [{ field: 'referenceId', value: userId }],
  });
  const twoFactor = (await context.adapter.deleteMany({ model: 'twoFactor', where: byUser })) > 0;
  // With Redis, verification records (trusted devices among them) are kept there only, by key.
  const trustedDevices = context.tables.verification
    ? await context.adapter.deleteMany({
        model: 'verification',
        where: [
          { field: 'identifier', value: 'trust-device-', operator: 'starts_with' },
          { field: 'value', value: userId },
        ],
      })
    : 0;
  const linkedAccounts = await context.adapter.deleteMany({
    model: 'account',
    where: [...byUser, { field: 'providerId', value: 'credential', operator: 'ne' }],
  });
  const credential = password ? await context.internalAdapter.findCredentialAccount(userId) : null;
  if (credential) await context.internalAdapter.deleteAccount(credential.id);
  await context.internalAdapter.updateUser(userId, { twoFactorEnabled: false });
  const sessions = (await context.internalAdapter.listSessions(userId)).length;
  await context.internalAdapter.deleteUserSessions(userId);
  return {
    sessions,
    passkeys,
    apiKeys,
    twoFactor,
    trustedDevices,
    linkedAccounts,
    password: Boolean(credential?.password),
  };
}

/** What proved the address: a reset link, a verification link, a link or code that signed in by mail. */
type ClaimProof = 'reset' | 'verification' | 'mail';

interface ClaimedUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAnonymous?: boolean | null;
}

export interface AccountClaimDependencies extends PasswordMailDependencies {
  audit: AuditLog;
}

/**
 * Whoever proves an unverified address takes the account whole (decision 0057): until the proof,
 * anyone could have signed up with it, so what was set up before the proof goes, the owner is told
 * by mail, and the audit trail records it. A proof of a verified address changes nothing here.
 */
export function accountClaims(
  dependencies: AccountClaimDependencies,
  authContext: () => Promise<ClaimContext>,
  signedInUserId: (headers: Headers) => Promise<string | undefined>,
) {
  const { audit, config } = dependencies;

  const claim = async (user: ClaimedUser, how: ClaimProof, request: Request | undefined) => {
    const context = await authContext();
    // A reset has just set the owner's password; a verification link proves the inbox, not who chose it.
    const removed = await removeWaysIn(context, user.id, { password: how !== 'reset' });
    // A sign-in by mail has marked the address verified itself (Better Auth, as it signs in).
    if (how !== 'mail') await context.internalAdapter.updateUser(user.id, { emailVerified: true });
    await endResetLinks(context, user.id);
    // When and from where, as a password notice reads them.
    const { at, ipAddress, userAgent } = changeFrom('reset', request, config);
    audit.record({
      action: 'user.claim',
      outcome: 'success',
      actorId: user.id,
      targetUserId: user.id,
      ipAddress,
      userAgent,
      // Sessions uncounted: a reset has ended them before the claim.
      details: { proof: how, ...removed, sessions: undefined },
    });
    const page = removed.password && how !== 'mail' ? '/forgot-password' : '/profile';
    await sendQuietly(
      dependencies,
      accountClaimedEmail({
        to: user.email,
        name: user.name,
        how,
        at,
        removed,
        url: new URL(page, config.publicUrl).href,
      }),
    );
  };

  return {
    /** After a reset through a mailed link: every earlier link ends; an unverified account is claimed. */
    async afterReset(user: ClaimedUser, request: Request | undefined) {
      if (!user.emailVerified && !user.isAnonymous) return claim(user, 'reset', request);
      await endResetLinks(await authContext(), user.id);
    },
    /**
     * Before an unverified address is marked verified by its link. Followed in a browser signed in to
     * the account, the person who set it up holds the inbox too: nothing to remove.
     */
    async beforeVerification(user: ClaimedUser, request: Request | undefined) {
      if (user.isAnonymous) return;
      if (request && (await signedInUserId(request.headers)) === user.id) return;
      await claim(user, 'verification', request);
    },
    /**
     * After a sign-in by a mailed link or code proved an unverified address. Better Auth has already
     * removed the account's password, linked sign-ins and sessions and marked the address verified
     * (its `revokeUnprovenAccountAccess`); the rest goes here, before the new session is made.
     */
    async afterMailSignIn(user: ClaimedUser, request: Request | undefined) {
      if (user.isAnonymous) return;
      await claim(user, 'mail', request);
    },
  };
}
