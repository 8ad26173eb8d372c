import crypto from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { Redis } from 'ioredis';
import type { Config } from '../../../env';
import { sharedLimiter } from '../../../lib/limiter';
import { authHook } from '../../auth-hook';
import { consumeOrRefuse } from '../../limited';
import { INVITATION_ERROR_CODES } from './error-codes';

/**
 * Invitations allowed in an hour: to one address (from whoever sends them, resends included, so a
 * mailbox cannot be flooded from many organizations), and from one account.
 */
export const INVITATIONS_PER_HOUR = { perRecipient: 3, perInviter: 30 } as const;
const HOUR = 60 * 60;

const limiter = (redis: Redis | undefined, keyPrefix: string, points: number) =>
  sharedLimiter(redis, { keyPrefix, points, duration: HOUR });

/**
 * Who may send an invitation mail, and how many (decision 0062): only a registered account whose
 * address is verified (a guest or an unproven address could send mail in anyone's name), a few an
 * hour to one address and a bounded number from one account, across instances when Redis is set.
 */
export function invitationGuard({ config, redis }: { config: Pick<Config, 'unsafeDisableRateLimit'>; redis?: Redis }) {
  const perRecipient = limiter(redis, 'gatehouse:invitation-recipient', INVITATIONS_PER_HOUR.perRecipient);
  const perInviter = limiter(redis, 'gatehouse:invitation-inviter', INVITATIONS_PER_HOUR.perInviter);
  return {
    id: 'invitation-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/organization/invite-member',
          handler: authHook(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            // Nobody signed in: the endpoint's own 401.
            if (!session) return;
            const user = session.user as { id: string; emailVerified: boolean; isAnonymous?: boolean | null };
            if (user.isAnonymous) throw APIError.from('FORBIDDEN', INVITATION_ERROR_CODES.GUEST_CANNOT_INVITE);
            if (!user.emailVerified) throw APIError.from('FORBIDDEN', INVITATION_ERROR_CODES.INVITER_NOT_VERIFIED);
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (config.unsafeDisableRateLimit || typeof email !== 'string') return;
            await consumeOrRefuse(
              perInviter,
              user.id,
              ({ minutes }) => `You have sent too many invitations in the last hour. Try again in ${minutes} min.`,
            );
            // Counted for the address whatever becomes of the invitation: the refusal tells nothing of it.
            const recipient = crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
            await consumeOrRefuse(
              perRecipient,
              recipient,
              ({ minutes }) =>
                `This address has been sent too many invitations in the last hour. Try again in ${minutes} min.`,
            );
          }),
        },
      ],
    },
    $ERROR_CODES: INVITATION_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
