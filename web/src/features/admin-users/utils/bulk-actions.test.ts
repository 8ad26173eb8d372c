import { describe, expect, it } from 'vitest';
import { BULK_ACTIONS, bulkOutcome } from './bulk-actions';

describe('bulk action wording', () => {
  it('asks with the count and tells how many were done and how many failed', () => {
    expect(BULK_ACTIONS.ban.question(3)).toBe('Ban 3 users?');
    expect(BULK_ACTIONS.delete.question(1)).toBe('Delete 1 user?');
    expect(bulkOutcome('ban', 3, 0)).toBe('3 users banned');
    expect(bulkOutcome('unban', 1, 2)).toBe('1 user unbanned; 2 failed');
    expect(bulkOutcome('delete', 0, 2)).toBe('No user deleted: 2 failed');
  });
});
