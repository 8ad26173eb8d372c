import type { ColumnType } from 'kysely';
import type {
  FileTable,
  UserRoleCountTable,
  UserCreatedCountTable,
  AuditEventTable,
  SignInSeenTable,
  SignInAlertSettingTable,
  AuditDailyCountTable,
  UserLastActiveTable,
  UserLastActiveCountTable,
  SetupLinkTable,
} from './own-tables';

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
  /** Ours: the address the provider gave when the account was linked (identity-providers/provider-email.ts). */
  providerEmail: string | null;
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
  /** Ours (policies): members must use two-factor to reach the organization. */
  requireTwoFactor: OptionalFlag;
  /** Ours (policies): the domains invitations may go to, comma-separated, lower case; null or empty: any. */
  invitationDomains: string | null;
}

/** Better Auth's custom organization roles (`dynamicAccessControl`): `permission` is JSON. */
export interface OrganizationRoleTable {
  id: string;
  organizationId: string;
  role: string;
  permission: string;
  createdAt: StoredTime;
  updatedAt: OptionalTime;
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
  /** Better Auth's count of the team's places (its team size limit reads it); our team plugin leaves it be. */
  memberCount: ColumnType<number, number | undefined, number>;
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
  /** Ours: the last 30-second step whose code was accepted (a code is never accepted twice). */
  lastAcceptedStep: number | null;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  organization: OrganizationTable;
  organizationRole: OrganizationRoleTable;
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
  auditEvent: AuditEventTable;
  signInSeen: SignInSeenTable;
  signInAlertSetting: SignInAlertSettingTable;
  auditDailyCount: AuditDailyCountTable;
  userLastActive: UserLastActiveTable;
  userLastActiveCount: UserLastActiveCountTable;
  setupLink: SetupLinkTable;
}
