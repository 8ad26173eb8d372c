import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_OUTCOMES, auditQuerySchema, type AuditExportQuery } from '#common/audit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.union([
  z.literal(''),
  z.string().refine((value) => DAY.test(value) && !Number.isNaN(Date.parse(value)), 'Enter a date'),
]);

/**
 * The audit screen's filters as the form and the URL hold them: text, with '' for "any", and whole
 * days rather than times. The user id is checked by the server's own rule.
 */
export const auditFiltersSchema = z
  .object({
    userId: z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), auditQuerySchema.shape.userId.unwrap()])),
    action: z.union([z.literal(''), z.enum(AUDIT_ACTION_NAMES)]),
    outcome: z.union([z.literal(''), z.enum(AUDIT_OUTCOMES)]),
    from: day,
    to: day,
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  });
export type AuditFilters = z.output<typeof auditFiltersSchema>;

export const NO_FILTERS: AuditFilters = { userId: '', action: '', outcome: '', from: '', to: '' };

/** The start of a day where the admin is (`2026-11-25` → that local midnight), as an ISO time. */
const startOfDay = (value: string, plusDays = 0) => {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
};

/** The filters as the API takes them: only those set, `to` up to the end of its day. */
export function toAuditQuery(filters: AuditFilters): AuditExportQuery {
  return {
    ...(filters.userId && { userId: filters.userId }),
    ...(filters.action && { action: filters.action }),
    ...(filters.outcome && { outcome: filters.outcome }),
    ...(filters.from && { from: startOfDay(filters.from) }),
    ...(filters.to && { to: startOfDay(filters.to, 1) }),
  };
}
