import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Event = DB['auditEvent'];

/** Successes that make an account active in a day (decision 0046). */
const ACTIVE_ACTIONS = new Set(['user.sign_in', 'user.sign_up']);

const dayOf = (event: Event) => event.createdAt.slice(0, 10);

/**
 * Adds a batch of events to the daily counts and moves each account that signed in (or up) to its
 * latest active day, in the batch's transaction: the counts always match the events written. Keys
 * are sorted, so that two instances counting at once lock rows in the same order (no deadlock).
 */
export async function countAuditEvents(trx: Transaction<DB>, events: readonly Event[]) {
  const counts = new Map<string, { action: string; day: string; outcome: string; total: number }>();
  const lastDay = new Map<string, string>();
  for (const event of events) {
    const day = dayOf(event);
    const key = `${event.action}\u0000${day}\u0000${event.outcome}`;
    const count = counts.get(key);
    if (count) count.total += 1;
    else counts.set(key, { action: event.action, day, outcome: event.outcome, total: 1 });
    const userId = event.targetUserId ?? event.actorId;
    if (userId && event.outcome === 'success' && ACTIVE_ACTIONS.has(event.action) && day > (lastDay.get(userId) ?? ''))
      lastDay.set(userId, day);
  }
  if (counts.size > 0) {
    await trx
      .insertInto('auditDailyCount')
      .values([...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, count]) => count))
      .onConflict((conflict) =>
        conflict
          .columns(['action', 'day', 'outcome'])
          .doUpdateSet((eb) => ({ total: eb('auditDailyCount.total', '+', eb.ref('excluded.total')) })),
      )
      .execute();
  }
  await markActive(trx, lastDay);
}

/** Moves each account's last active day forward, and the per-day counts of accounts with it. */
async function markActive(trx: Transaction<DB>, lastDay: Map<string, string>) {
  if (lastDay.size === 0) return;
  // An upsert that changes nothing on a known account: it answers the day held so far ('' for a
  // new one) and, on PostgreSQL, locks the row until the transaction ends.
  const held = await trx
    .insertInto('userLastActive')
    .values([...lastDay.keys()].sort().map((userId) => ({ userId, day: '' })))
    .onConflict((conflict) => conflict.column('userId').doUpdateSet((eb) => ({ day: eb.ref('userLastActive.day') })))
    .returning(['userId', 'day'])
    .execute();
  const moved = new Map<string, string[]>();
  const deltas = new Map<string, number>();
  const add = (day: string, delta: number) => deltas.set(day, (deltas.get(day) ?? 0) + delta);
  for (const { userId, day: before } of held) {
    const day = lastDay.get(userId)!;
    if (day <= before) continue;
    moved.set(day, [...(moved.get(day) ?? []), userId]);
    if (before) add(before, -1);
    add(day, 1);
  }
  // A batch spans a day or two: one update per day.
  for (const [day, userIds] of moved) {
    await trx.updateTable('userLastActive').set({ day }).where('userId', 'in', userIds).execute();
  }
  const changes = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (changes.length === 0) return;
  await trx
    .insertInto('userLastActiveCount')
    .values(changes.map(([day, total]) => ({ day, total })))
    .onConflict((conflict) =>
      conflict
        .column('day')
        .doUpdateSet((eb) => ({ total: eb('userLastActiveCount.total', '+', eb.ref('excluded.total')) })),
    )
    .execute();
}
