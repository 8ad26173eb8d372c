import type { Logger } from '../lib/logger';
import type { Auth } from './auth';

/** Guests deleted per query: bounded work however many have piled up. */
const BATCH = 200;

interface Row {
  id: string;
}

/**
 * Deletes guest (anonymous) accounts created more than `maxAgeSeconds` ago, with everything they
 * made: sessions (in Redis too) and, by the account deletion's database hook, memberships, team
 * places, invitations, passkeys, files, and the organizations no one else belongs to; one they alone
 * own with others in it passes to another member (decision 0061). Registered accounts are never
 * selected. Safe on every instance at once: each step is a delete that finds nothing the second time.
 */
export async function sweepGuests(auth: Auth, maxAgeSeconds: number, now = Date.now()): Promise<number> {
  const context = await auth.$context;
  const { adapter, internalAdapter } = context;
  const cutoff = new Date(now - maxAgeSeconds * 1000);
  let swept = 0;
  for (;;) {
    const guests = await adapter.findMany<Row>({
      model: 'user',
      where: [
        { field: 'isAnonymous', value: true },
        { field: 'createdAt', value: cutoff, operator: 'lt' },
      ],
      limit: BATCH,
    });
    for (const guest of guests) {
      // Sessions, accounts and the user, after the clean-up (`account-deletion`'s database hook).
      await internalAdapter.deleteUser(guest.id);
      swept += 1;
    }
    if (guests.length < BATCH) return swept;
  }
}

/** Runs the sweep now and then every `intervalSeconds` (0: never), until stopped. */
export function scheduleGuestSweep(
  auth: Auth,
  logger: Logger,
  { maxAgeSeconds, intervalSeconds }: { maxAgeSeconds: number; intervalSeconds: number },
): () => void {
  if (intervalSeconds === 0) return () => {};
  const run = () =>
    sweepGuests(auth, maxAgeSeconds)
      .then((swept) => {
        if (swept > 0) logger.info('guest accounts deleted', { swept, olderThanSeconds: maxAgeSeconds });
      })
      // A failed round (the database away) is retried at the next one.
      .catch((error: unknown) => logger.warn('guest sweep failed', { error: String(error) }));
  void run();
  const timer = setInterval(() => void run(), intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
