import type { ColumnType } from 'kysely';

/**
 * The tables our own queries read and write, as Kysely sees them, so that `tsc` checks every table
 * and column name. Better Auth creates and owns its tables (core and plugins); ours come from
 * `migrations/`. The two engines store some values differently, and the types say so.
 */

/** A time in Better Auth's tables: a Date on PostgreSQL, ISO-8601 text on SQLite. */
type StoredTime = ColumnType<Date | string, Date | string, Date | string>;
type OptionalTime = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
/** A flag in Better Auth's tables: a boolean on PostgreSQL, 0 or 1 on SQLite. */
type StoredFlag = ColumnType<boolean | number, boolean | number, boolean | number>;
type OptionalFlag = ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
/** A `bigint` count: PostgreSQL's driver hands it over as text, SQLite as a number. */
type StoredCount = ColumnType<number | string, number, number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: StoredFlag;
  image: string | null;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  role: string | null;
  banned: OptionalFlag;
  banReason: string | null;
  banExpires: OptionalTime;
  isAnonymous: OptionalFlag;
  /** Added by the two-factor plugin: on once an authenticator app is confirmed. */
  twoFactorEnabled: OptionalFlag;
}

export interface SessionTable {
  id: string;
  expiresAt: StoredTime;
  token: string;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  country: string | null;
  city: string | null;
  region: string | null;
  region_code: string | null;
  timezone: string | null;
  colo: string | null;
  latitude: string | null;
  longitude: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: OptionalTime;
  refreshTokenExpiresAt: OptionalTime;
  scope: string | null;
  password: string | null;
  createdAt: StoredTime;
  updatedAt: StoredTime;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: StoredTime;
  createdAt: StoredTime;
  updatedAt: StoredTime;
}

export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: StoredTime;
  metadata: string | null;
}

export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: StoredTime;
}

export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  teamId: string | null;
  status: string;
  expiresAt: StoredTime;
  createdAt: StoredTime;
  inviterId: string;
}

export interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  createdAt: StoredTime;
  updatedAt: OptionalTime;
  /** Added by the team-permissions plugin: `inherited` (public) or `defined` (private). */
  permissionMode: string | null;
}

export interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  createdAt: OptionalTime;
  /** Added by the team-permissions plugin: `member` or `owner`. */
  role: string | null;
}

export interface ApiKeyTable {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  referenceId: string;
  prefix: string | null;
  key: string;
  refillInterval: number | null;
  refillAmount: number | null;
  lastRefillAt: OptionalTime;
  enabled: OptionalFlag;
  rateLimitEnabled: OptionalFlag;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number | null;
  remaining: number | null;
  lastRequest: OptionalTime;
  expiresAt: OptionalTime;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  permissions: string | null;
  metadata: string | null;
}

export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: StoredFlag;
  transports: string | null;
  createdAt: OptionalTime;
  aaguid: string | null;
}

/** The two-factor plugin's: one row per user who set up an authenticator app (confirmed or not). */
export interface TwoFactorTable {
  id: string;
  /** Encrypted with the auth secret, as are the backup codes (a JSON list once decrypted). */
  secret: string;
  backupCodes: string;
  userId: string;
  verified: OptionalFlag;
  failedVerificationCount: number | null;
  lockedUntil: OptionalTime;
}

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

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  apikey: ApiKeyTable;
  passkey: PasskeyTable;
  twoFactor: TwoFactorTable;
  file: FileTable;
  user_role_count: UserRoleCountTable;
  user_created_count: UserCreatedCountTable;
}
