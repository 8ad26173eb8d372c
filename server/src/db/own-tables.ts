import type { ColumnType } from 'kysely';

/**
 * Our own tables (from `migrations/`), as Kysely sees them: flags are 0/1 integers and times
 * ISO-8601 text on both engines, unless said.
 */

/** A `bigint` count: PostgreSQL's driver hands it over as text, SQLite as a number. */
type StoredCount = ColumnType<number | string, number, number>;

/** Ours (`0001-file`): flags are 0/1 and times ISO-8601 text on both engines. */
export interface FileTable {
  id: string;
  userId: string;
  category: string;
  isPublic: number;
  contentType: string;
  size: number;
  width: number;
  height: number;
  description: string | null;
  data: Buffer;
  createdAt: string;
}

/** Ours (`0005-user-role-counts`): users per role, kept by triggers. */
export interface UserRoleCountTable {
  role: string;
  total: StoredCount;
}

/** Ours (`0008-user-created-day-counts`, PostgreSQL only): users per role and creation day. */
export interface UserCreatedCountTable {
  role: string;
  day: Date;
  total: StoredCount;
}

/** Ours (`0009-audit-event`): times ISO-8601 text; `details` JSON text. No foreign keys: events outlive users. */
export interface AuditEventTable {
  id: string;
  createdAt: string;
  action: string;
  outcome: string;
  actorId: string | null;
  targetUserId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: string | null;
}

/** Ours (`0010-sign-in-alerts`): what a person signed in from; `kind` is `device` or `country`. */
export interface SignInSeenTable {
  id: string;
  userId: string;
  kind: string;
  value: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** Ours (`0010-sign-in-alerts`): a person's choice about sign-in alerts; no row means on. */
export interface SignInAlertSettingTable {
  userId: string;
  enabled: number;
  updatedAt: string;
}

/** Ours (`0012-audit-counts`): audit events per action, UTC day (`YYYY-MM-DD`) and outcome. */
export interface AuditDailyCountTable {
  action: string;
  day: string;
  outcome: string;
  total: number;
}

/** Ours (`0012-audit-counts`): each account's last UTC day with a successful sign-in or sign-up. */
export interface UserLastActiveTable {
  userId: string;
  day: string;
}

/** Ours (`0012-audit-counts`): how many accounts have each day as their last active one. */
export interface UserLastActiveCountTable {
  day: string;
  total: number;
}

/** Ours (`0016-setup-link`): a printed first-run setup link, by the SHA-256 (hex) of its token. */
export interface SetupLinkTable {
  tokenHash: string;
  expiresAt: string;
}
