import type { AdminUserRow } from '#common/admin';
import type { CsvColumn } from '../../http/csv-stream';

const flag = (value: boolean) => (value ? 'true' : 'false');

/** The columns of the user export, in order: one user a line, as the list shows them. */
export const USER_CSV_COLUMNS: readonly CsvColumn<AdminUserRow>[] = [
  { header: 'id', cell: (user) => user.id },
  { header: 'name', cell: (user) => user.name },
  { header: 'email', cell: (user) => user.email },
  { header: 'email verified', cell: (user) => flag(user.emailVerified) },
  { header: 'role', cell: (user) => user.role },
  { header: 'banned', cell: (user) => flag(user.banned) },
  { header: 'ban reason', cell: (user) => user.banReason },
  { header: 'ban expires', cell: (user) => user.banExpires },
  { header: 'guest', cell: (user) => flag(user.isAnonymous) },
  { header: 'two-factor', cell: (user) => flag(user.twoFactorEnabled) },
  { header: 'organization id', cell: (user) => user.organizationId },
  { header: 'organization', cell: (user) => user.organizationName },
  { header: 'organization role', cell: (user) => user.organizationRole },
  { header: 'created', cell: (user) => user.createdAt },
];

/** `users-2026-11-25.csv`: the day of the export, in UTC. */
export const usersCsvFilename = (now = new Date()) => `users-${now.toISOString().slice(0, 10)}.csv`;
