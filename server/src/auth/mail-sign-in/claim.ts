import type { BetterAuthPlugin } from 'better-auth';
import { MAIL_SIGN_IN_PATHS } from '../auth-paths';

interface ProvenUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isAnonymous?: boolean | null;
}

export type ClaimAfterMailSignIn = (user: ProvenUser, request: Request | undefined) => Promise<void>;

const PROOFS: ReadonlySet<string> = new Set([MAIL_SIGN_IN_PATHS.followLink, MAIL_SIGN_IN_PATHS.checkCode]);

/**
 * A sign-in by a mailed link or code proves the address, and whoever proves an unverified address
 * takes the account whole (decision 0057). Better Auth removes the account's password, linked
 * sign-ins and sessions itself, then marks the address verified: that update, on a mail sign-in's
 * path, is when the rest of the claim runs (passkeys, API keys, two-factor, trusted devices; the
 * owner's mail; the audit), before the new session is made. Only that update is the proof: the
 * claim's own updates of the account, on the same call, pass.
 */
export function mailProofClaims(claim: ClaimAfterMailSignIn) {
  /** The calls (their endpoint contexts) whose update of the account marks the address proven. */
  const proving = new WeakSet<object>();
  return {
    id: 'mail-sign-in-claims',
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            update: {
              before: async (data, ctx) => {
                if (ctx && PROOFS.has(ctx.path ?? '') && data.emailVerified === true) proving.add(ctx);
              },
              after: async (user, ctx) => {
                if (!ctx || !proving.has(ctx)) return;
                proving.delete(ctx);
                await claim(user as ProvenUser, ctx.request);
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
