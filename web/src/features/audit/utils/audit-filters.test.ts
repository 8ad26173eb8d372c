import { describe, expect, it } from 'vitest';
import { auditExportQuerySchema } from '#common/audit';
import { auditFiltersSchema, NO_FILTERS, toAuditQuery } from './audit-filters';

describe('the audit filters of the console', () => {
  it('asks the server only for the filters set, whole local days from the start of `from` to the end of `to`', () => {
    expect(toAuditQuery(NO_FILTERS)).toEqual({});
    const query = toAuditQuery({
      userId: 'user-1',
      action: 'user.sign_in',
      outcome: 'failure',
      from: '2026-11-01',
      to: '2026-11-25',
    });
    expect(query).toEqual({
      userId: 'user-1',
      action: 'user.sign_in',
      outcome: 'failure',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 26).toISOString(),
    });
    // What the server will accept, unchanged.
    expect(auditExportQuerySchema.parse(query)).toEqual(query);
    expect(toAuditQuery({ ...NO_FILTERS, to: '2026-12-31' }).to).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('refuses what the server would, and an end before the start, with words for people', () => {
    const issues = (values: Partial<typeof NO_FILTERS>) => {
      const result = auditFiltersSchema.safeParse({ ...NO_FILTERS, ...values });
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issues({ userId: '  user-1  ' })).toEqual([]);
    expect(auditFiltersSchema.parse({ ...NO_FILTERS, userId: '  user-1  ' }).userId).toBe('user-1');
    expect(issues({ userId: 'x'.repeat(201) })).toEqual([['userId', 'ids are at most 200 characters']]);
    expect(issues({ from: '25/11/2026' })).toEqual([['from', 'Enter a date']]);
    expect(issues({ from: '2026-11-25', to: '2026-11-24' })).toEqual([
      ['to', 'The end date must not be before the start date'],
    ]);
    expect(issues({ from: '2026-11-25', to: '2026-11-25' })).toEqual([]);
    expect(auditFiltersSchema.safeParse({ ...NO_FILTERS, action: 'user.fly' }).success).toBe(false);
  });
});
