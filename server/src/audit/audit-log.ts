import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { IMPERSONATION_REASON_MAX_LENGTH } from '#common/admin';
import type { AuditAction, AuditOutcome } from '#common/audit';
import type { DB } from '../db/schema';
import { errorFields, type Logger } from '../lib/logger';
import { currentActor } from '../lib/request-context';
import { countAuditEvents } from './audit-counts';

export interface AuditEventInput {
  action: AuditAction;
  outcome: AuditOutcome;
  actorId?: string | null | undefined;
  targetUserId?: string | null | undefined;
  organizationId?: string | null | undefined;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
  details?: Record<string, string | number | boolean | null | undefined>;
}

/** Events waiting to be written; past this, new ones are counted and dropped rather than held. */
export const MAX_WAITING = 10_000;
/** Events whose facts are still being looked up; past this, the same. */
export const MAX_PREPARING = 1_000;
const BATCH = 500;
/** Events deleted by one statement of a prune: each holds SQLite's write lock briefly. */
export const PRUNE_BATCH = 5_000;
const MAX_TEXT = 512;
/** How long `flush` waits for lookups under way: a reader is never held by one that hangs. */
export const LOOKUP_WAIT_MS = 2_000;

const clip = (value: string | null | undefined) => (value ? value.slice(0, MAX_TEXT) : null);
/** Details are short; the longest, an admin's reason for an impersonation, is kept whole. */
const MAX_DETAIL = Math.max(200, IMPERSONATION_REASON_MAX_LENGTH);

/**
 * The audit trail's writer. `record` never waits and never throws: events are written in batches
 * after the action that made them has answered, so writing one can neither slow nor fail it. A
 * failed write is logged (with the events' actions), not retried. `flush` waits for what is queued,
 * for readers that must see their own writes and for shutdown; for lookups under way, a while.
 */
export function createAuditLog(db: Kysely<DB>, logger: Logger, { lookupWaitMs = LOOKUP_WAIT_MS } = {}) {
  let waiting: DB['auditEvent'][] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;

  const write = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH);
      waiting = waiting.slice(BATCH);
      try {
        // The daily counts go with their events: both are written, or neither.
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('auditEvent').values(batch).execute();
          await countAuditEvents(trx, batch);
        });
      } catch (error) {
        logger.error('audit events not written', {
          count: batch.length,
          actions: [...new Set(batch.map((event) => event.action))].join(','),
          ...errorFields(error),
        });
      }
    }
    if (dropped > 0) {
      logger.error('audit events dropped: the database did not keep up', { count: dropped });
      dropped = 0;
    }
  };
  // Events still being worked out (whose account an attempt was on): flush waits for them too, for
  // `lookupWaitMs` at most. Each leaves the set when its lookup ends, whatever the outcome (`finally`).
  const preparing = new Set<Promise<void>>();
  const flush = async () => {
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, lookupWaitMs)));
    await Promise.race([Promise.all(preparing), givenUp]);
    clearTimeout(timer);
    await (writing = writing.then(write));
  };
  /** Writes what is queued on the next turn; not through `flush`, so a lookup that hangs holds nothing back. */
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void (writing = writing.then(write));
    });
  };

  const log = {
    /**
     * Records an event once its facts are known (null: none), at the time it happened, not the time
     * they were learnt; a failure to learn them is logged, never thrown.
     */
    recordWhen(event: Promise<AuditEventInput | null>) {
      if (preparing.size >= MAX_PREPARING) {
        dropped += 1;
        schedule();
        return;
      }
      const happened = new Date();
      const done: Promise<void> = event
        .then((ready) => {
          if (ready) log.record(ready, happened);
        })
        .catch((error: unknown) => logger.warn('audit event not recorded', errorFields(error)))
        .finally(() => preparing.delete(done));
      preparing.add(done);
    },
    record(event: AuditEventInput, happened = new Date()) {
      if (waiting.length >= MAX_WAITING) {
        dropped += 1;
        return;
      }
      const details = Object.fromEntries(
        Object.entries(event.details ?? {})
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, MAX_DETAIL) : value]),
      );
      // What the server does for an admin (Better Auth's endpoints called without the admin's
      // headers) names that admin, their address and browser, as the route noted them.
      const actor = currentActor();
      waiting.push({
        id: crypto.randomUUID(),
        createdAt: happened.toISOString(),
        action: event.action,
        outcome: event.outcome,
        actorId: event.actorId ?? actor?.userId ?? null,
        targetUserId: event.targetUserId ?? null,
        organizationId: event.organizationId ?? null,
        ipAddress: clip(event.ipAddress ?? actor?.ipAddress),
        userAgent: clip(event.userAgent ?? actor?.userAgent),
        details: Object.keys(details).length > 0 ? JSON.stringify(details) : null,
      });
      schedule();
    },
    flush,
    /**
     * Deletes events older than `days`, oldest first, `batch` by statement until none is left, with
     * a turn of the event loop between: other writes get in. Returns how many went. Their daily
     * counts stay.
     */
    async deleteOlderThan(days: number, now = Date.now(), batch = PRUNE_BATCH): Promise<number> {
      const before = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
      let deleted = 0;
      for (;;) {
        const oldest = db
          .selectFrom('auditEvent')
          .select('id')
          .where('createdAt', '<', before)
          .orderBy('createdAt')
          .orderBy('id')
          .limit(batch);
        const result = await db.deleteFrom('auditEvent').where('id', 'in', oldest).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < batch) return deleted;
        await new Promise(setImmediate);
      }
    },
  };
  return log;
}

export type AuditLog = ReturnType<typeof createAuditLog>;

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes events past the retention now and every hour (0 days: never), until stopped. */
export function scheduleAuditPrune(audit: AuditLog, logger: Logger, retentionDays: number): () => void {
  if (retentionDays === 0) return () => {};
  const run = () =>
    audit
      .deleteOlderThan(retentionDays)
      .then((deleted) => {
        if (deleted > 0) logger.info('audit events deleted', { deleted, olderThanDays: retentionDays });
      })
      // A failed round (the database away) is retried at the next one.
      .catch((error: unknown) => logger.warn('audit prune failed', errorFields(error)));
  void run();
  const timer = setInterval(() => void run(), PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
