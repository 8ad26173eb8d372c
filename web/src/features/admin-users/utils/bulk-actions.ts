import type { AdminBulkAction } from '#common/admin-bulk';

/** "1 user", "3 users". */
export const usersCount = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;

/** How the console names each bulk action: its button, its question, and what became of the users. */
export const BULK_ACTIONS: Record<
  AdminBulkAction,
  { button: string; question: (count: number) => string; explanation: string; confirm: string; done: string }
> = {
  ban: {
    button: 'Ban',
    question: (count) => `Ban ${usersCount(count)}?`,
    explanation: 'They are signed out everywhere and cannot sign in until the ban ends.',
    confirm: 'Ban',
    done: 'banned',
  },
  unban: {
    button: 'Unban',
    question: (count) => `Unban ${usersCount(count)}?`,
    explanation: 'They can sign in again.',
    confirm: 'Unban',
    done: 'unbanned',
  },
  'revoke-sessions': {
    button: 'Revoke sessions',
    question: (count) => `Revoke the sessions of ${usersCount(count)}?`,
    explanation: 'They are signed out everywhere; they can sign in again.',
    confirm: 'Revoke sessions',
    done: 'signed out everywhere',
  },
  delete: {
    button: 'Delete',
    question: (count) => `Delete ${usersCount(count)}?`,
    explanation: 'Are you sure you want to permanently delete these users? This action cannot be undone.',
    confirm: 'Delete',
    done: 'deleted',
  },
};

/** The toast after a bulk action: how many it was done to, and how many it failed for. */
export function bulkOutcome(action: AdminBulkAction, done: number, failed: number): string {
  const { done: verb } = BULK_ACTIONS[action];
  if (failed === 0) return `${usersCount(done)} ${verb}`;
  if (done === 0) return `No user ${verb}: ${failed} failed`;
  return `${usersCount(done)} ${verb}; ${failed} failed`;
}
