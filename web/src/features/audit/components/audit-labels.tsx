import { AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, type AuditEventView, type AuditOutcome } from '#common/audit';
import { describeUserAgent } from '#common/user-agent';
import { Badge } from '@/components/ui/badge';
import { truncate } from '@/lib/format';

const OUTCOME_TONES = { success: 'green', failure: 'red', pending: 'amber' } as const;

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  return <Badge tone={OUTCOME_TONES[outcome] ?? 'slate'}>{AUDIT_OUTCOME_LABELS[outcome] ?? outcome}</Badge>;
}

/** The action's label; an action the console does not know yet by its name. */
export const actionLabel = (event: AuditEventView): string => AUDIT_ACTIONS[event.action] ?? event.action;

/** "Chrome 131 on Windows 10", else the start of the raw user agent; null when none was sent. */
export const deviceOf = (event: AuditEventView): string | null =>
  describeUserAgent(event.userAgent) ?? (truncate(event.userAgent, 60) || null);

/** A person by their email, else by their id (an account since deleted). */
export const personOf = (email: string | null, id: string | null): string | null => email ?? id;

/** The event's details as "key: value" pairs, in the order recorded. */
export const detailsOf = (event: AuditEventView): string[] =>
  Object.entries(event.details).map(([key, value]) => `${key}: ${String(value)}`);
