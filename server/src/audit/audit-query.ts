import type { Kysely } from 'kysely';
import type { AuditAction, AuditEventView, AuditExportQuery, AuditOutcome } from '#common/audit';
import { isStoredTime } from '../db/dates';
import type { DB } from '../db/schema';
import { decodeCursor, encodeCursor } from '../lib/keyset-cursor';

/** Where the next page starts: the last event shown, newest first. */
const encodeAuditCursor = (event: { createdAt: string; id: string }) =>
  encodeCursor('audit', [event.createdAt, event.id]);

function decodeAuditCursor(cursor: string): { createdAt: string; id: string } | 'invalid' {
  const values = decodeCursor('audit', cursor, 2);
  if (values === 'invalid') return 'invalid';
  const [createdAt, id] = values as [string, string];
  return id && isStoredTime(createdAt) ? { createdAt, id } : 'invalid';
}

function parseDetails(details: string | null): AuditEventView['details'] {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' ? (parsed as AuditEventView['details']) : {};
  } catch {
    return {};
  }
}

export interface AuditPage {
  events: AuditEventView[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
}

/**
 * A page of audit events, newest first, by keyset (`createdAt`, `id`): every page costs the same,
 * however deep. `userId` matches an event where the person acted or was acted on. The emails are
 * today's, read by a left join: an event outlives its people, whose email is then null.
 */
export async function listAuditEvents(
  db: Kysely<DB>,
  query: AuditExportQuery & { cursor?: string | undefined; limit: number },
): Promise<AuditPage | 'invalid-cursor'> {
  const after = query.cursor ? decodeAuditCursor(query.cursor) : undefined;
  if (after === 'invalid') return 'invalid-cursor';
  let select = db
    .selectFrom('auditEvent as e')
    .leftJoin('user as actor', 'actor.id', 'e.actorId')
    .leftJoin('user as target', 'target.id', 'e.targetUserId')
    .selectAll('e')
    .select(['actor.email as actorEmail', 'target.email as targetEmail']);
  if (query.userId) {
    const { userId } = query;
    select = select.where((eb) => eb.or([eb('e.actorId', '=', userId), eb('e.targetUserId', '=', userId)]));
  }
  if (query.action) select = select.where('e.action', '=', query.action);
  if (query.outcome) select = select.where('e.outcome', '=', query.outcome);
  // Stored as UTC ISO text: compared as text, a time given with an offset is brought to UTC first.
  if (query.from) select = select.where('e.createdAt', '>=', new Date(query.from).toISOString());
  if (query.to) select = select.where('e.createdAt', '<', new Date(query.to).toISOString());
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb('e.createdAt', '<', after.createdAt),
        eb.and([eb('e.createdAt', '=', after.createdAt), eb('e.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('e.createdAt', 'desc')
    .orderBy('e.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      action: row.action as AuditAction,
      outcome: row.outcome as AuditOutcome,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      targetUserId: row.targetUserId,
      targetEmail: row.targetEmail,
      organizationId: row.organizationId,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      details: parseDetails(row.details),
    })),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last) : null,
  };
}

/**
 * Every event that matches, newest first, in keyset batches: one query per batch, so a reader
 * (the CSV export) holds one batch at a time however large the trail.
 */
export async function* auditEventBatches(
  db: Kysely<DB>,
  filters: AuditExportQuery,
  batchSize: number,
): AsyncGenerator<AuditEventView[]> {
  let cursor: string | undefined;
  do {
    const page = await listAuditEvents(db, { ...filters, cursor, limit: batchSize });
    // The cursors come from the pages before: never invalid.
    if (page === 'invalid-cursor') throw new Error('audit export: a batch cursor was refused');
    if (page.events.length > 0) yield page.events;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
