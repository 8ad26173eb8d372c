import { z } from 'zod';
import type { AdminOrganizationMember } from './admin-organization-members';
import { createOrganizationSchema, type CreateOrganizationInput } from './organizations';
import { ORGANIZATION_ROLES, parseRoles, type OrganizationRole } from './roles';
import type { TeamPermissionMode } from './teams';
import { ERROR_CODES, type ApiData } from './error-codes';
import { emailSchema, NAME_MAX_LENGTH, nameSchema, passwordSchema, withoutControlCharacters } from './validation';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Ban durations offered in the Ban User form, in seconds. */
export const BAN_DURATION_SUGGESTIONS = [
  { seconds: 3600, label: '1 hour' },
  { seconds: 86400, label: '1 day' },
  { seconds: 604800, label: '1 week' },
] as const;

/** The user flags the list filters on (each `true` or `false`, or no filter); `isAnonymous` is a guest. */
export const USER_FLAGS = ['banned', 'emailVerified', 'isAnonymous', 'twoFactorEnabled'] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

const flagFilter = (flag: UserFlag) =>
  z
    .enum(['true', 'false'], { message: `${flag} must be true or false` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));
const userFlagFilters = {
  banned: flagFilter('banned'),
  emailVerified: flagFilter('emailVerified'),
  isAnonymous: flagFilter('isAnonymous'),
  twoFactorEnabled: flagFilter('twoFactorEnabled'),
} satisfies Record<UserFlag, unknown>;

/** A list's search text: what the admin lists (users, organizations) look for. */
const searchTermSchema = z
  .string()
  .trim()
  .max(200, 'search is at most 200 characters')
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'search must not contain control characters')
  .default('');
const pageSizeSchema = z.coerce
  .number({ message: 'limit must be 10, 20, 50 or 100' })
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'limit must be 10, 20, 50 or 100')
  .default(DEFAULT_PAGE_SIZE);
const offsetSchema = z.coerce
  .number({ message: 'offset must be a whole number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be 0 or more')
  .default(0);

/** The admin user list's view: sent to the server and kept in the page URL. */
export const adminUserListQuerySchema = z.object({
  /** Found anywhere in `searchField`; a term that is exactly a user's id finds that user too. */
  search: searchTermSchema,
  searchField: z.enum(['email', 'name'], { message: 'searchField must be email or name' }).default('email'),
  role: z.enum(['all', 'user', 'admin'], { message: 'role must be all, user or admin' }).default('all'),
  sortBy: z
    .enum(['createdAt', 'name', 'email'], { message: 'sortBy must be createdAt, name or email' })
    .default('createdAt'),
  sortDirection: z.enum(['asc', 'desc'], { message: 'sortDirection must be asc or desc' }).default('desc'),
  limit: pageSizeSchema,
  offset: offsetSchema,
  /**
   * Where the previous page ended (from `nextCursor`/`previousCursor`): the server then walks on
   * from there instead of skipping `offset` rows, which stays only for the page number.
   */
  cursor: z.string().default(''),
  ...userFlagFilters,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** `GET /api/v1/admin/users/export`: the list's view without its paging (the file holds every match). */
export const adminUserExportQuerySchema = adminUserListQuerySchema.omit({ limit: true, offset: true, cursor: true });
export type AdminUserExportQuery = z.infer<typeof adminUserExportQuerySchema>;

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  isAnonymous: boolean;
  /** Whether sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  organizationId: string | null;
  organizationName: string | null;
  organizationRole: string | null;
}

/** `POST /api/v1/admin/users/:id/two-factor/reset`: two-factor is off, every session of the user ended. */
export interface TwoFactorResetAnswer {
  userId: string;
  twoFactorEnabled: false;
}

/** Counts of matches stop here: past it `total` is this number and `totalCapped` is true ("1000+"). */
export const USER_COUNT_CAP = 1000;

/**
 * The answer to a later page asked by offset alone in a search or filter with more matches than
 * USER_COUNT_CAP: it opens from the page before it, by its cursor, as Next does (decision 0056).
 */
export const OFFSET_NEEDS_CURSOR = ERROR_CODES.OFFSET_NEEDS_CURSOR;

export interface AdminUserList {
  users: AdminUserRow[];
  total: number;
  /** True when there are more than `total` matches: a search is counted up to USER_COUNT_CAP. */
  totalCapped: boolean;
  limit: number;
  offset: number;
  /**
   * Cursors for the pages after and before this one: the next page's is null when no row follows,
   * the previous page's on the first page or an empty one.
   */
  nextCursor: string | null;
  previousCursor: string | null;
}

export const adminCreateUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  role: z.enum(['user', 'admin'], { message: 'role must be user or admin' }).default('user'),
  emailVerified: z.boolean().default(false),
  organizationId: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/** `POST /api/v1/admin/organizations`: the same input as anyone's new organization. */
export const adminCreateOrganizationSchema = createOrganizationSchema;
export type AdminCreateOrganizationInput = CreateOrganizationInput;

export interface AdminOrganizationRow {
  id: string;
  name: string;
  slug: string;
  memberCount: number;
  teamCount: number;
  createdAt: string;
}

/**
 * `GET /api/v1/admin/organizations`: a page of organizations, newest first, and the Admin →
 * Organizations screen's view (kept in the page URL). `search` is found in the name or the slug, or
 * is an organization's id.
 */
export const adminOrganizationListQuerySchema = z.object({
  search: searchTermSchema,
  limit: pageSizeSchema,
  offset: offsetSchema,
});
export type AdminOrganizationListQuery = z.infer<typeof adminOrganizationListQuerySchema>;
/** The page, and every match counted (`total`). */
export type AdminOrganizationPage = ApiData<AdminOrganizationRow[], { total: number }>;

/**
 * What an admin types to delete an organization: its name, without control characters (no text
 * field takes a line break) and cut to the longest name allowed now, so a name stored before the
 * rule, however long, can still be typed (decision 0060).
 */
export function organizationConfirmationText(name: string): string {
  return [...withoutControlCharacters(name)].slice(0, NAME_MAX_LENGTH).join('');
}

/** `GET /api/v1/admin/organizations/:id`: one organization as a platform admin runs it. */
export interface AdminOrganizationDetail {
  organization: { id: string; name: string; slug: string; logo: string | null; createdAt: string };
  /** The first page of members (ORGANIZATION_MEMBER_PAGE_SIZE, oldest first); the next: `membersNextCursor`. */
  members: AdminOrganizationMember[];
  /** Every member, counted. */
  memberCount: number;
  membersNextCursor: string | null;
  /** Pending and unexpired only, newest first. */
  invitations: { id: string; email: string; role: string; inviterEmail: string | null; expiresAt: string }[];
  teams: { id: string; name: string; memberCount: number; permissionMode: TeamPermissionMode }[];
}

/** `PATCH /api/v1/admin/organizations/:id/members/:memberId`: the member's one role from now on. */
export const adminMemberRoleSchema = z.object({
  role: z.enum(ORGANIZATION_ROLES, { message: 'role must be owner, admin or member' }),
});
export type AdminMemberRoleInput = z.infer<typeof adminMemberRoleSchema>;

/**
 * `DELETE /api/v1/admin/organizations/:id`: the name typed again (`organizationConfirmationText`),
 * compared exactly (not trimmed).
 */
export const adminDeleteOrganizationSchema = z.object({
  confirmName: z
    .string({ message: 'confirmName is required' })
    .min(1, 'confirmName is required')
    .max(1000, 'confirmName is at most 1000 characters'),
});
export type AdminDeleteOrganizationInput = z.infer<typeof adminDeleteOrganizationSchema>;

/** The admin organization routes' own refusals, `CODE: message` (LAST_OWNER as in account deletion). */
export const ADMIN_ORGANIZATION_ERRORS = {
  LAST_OWNER: ERROR_CODES.ORGANIZATION_LAST_OWNER,
  CONFIRM_NAME_MISMATCH: ERROR_CODES.CONFIRM_NAME_MISMATCH,
} as const;

/** The one role a member's stored roles come to, highest first (the console's role select shows it). */
export function mainOrganizationRole(role: string | null | undefined): OrganizationRole {
  const held = parseRoles(role);
  return ORGANIZATION_ROLES.find((candidate) => held.includes(candidate)) ?? 'member';
}

/** An admin says why they impersonate someone (it goes into the audit trail): at most this long. */
export const IMPERSONATION_REASON_MAX_LENGTH = 500;
export const IMPERSONATION_REASON_REQUIRED = ERROR_CODES.REASON_REQUIRED;
export const IMPERSONATION_REASON_TOO_LONG = ERROR_CODES.REASON_TOO_LONG;

/** `POST /api/auth/admin/impersonate-user` asks for `reason` beside `userId`; the Impersonate form too. */
export const impersonationReasonSchema = z.object({
  reason: z
    .string({ message: IMPERSONATION_REASON_REQUIRED })
    .trim()
    .min(1, IMPERSONATION_REASON_REQUIRED)
    .max(IMPERSONATION_REASON_MAX_LENGTH, IMPERSONATION_REASON_TOO_LONG),
});
export type ImpersonationReasonInput = z.input<typeof impersonationReasonSchema>;

/** The one answer (403 `NOT_WHILE_IMPERSONATING`) to anything an impersonation session may not do. */
export const NOT_WHILE_IMPERSONATING_MESSAGE = ERROR_CODES.NOT_WHILE_IMPERSONATING;

/** Stopping an impersonation whose admin's own session ended meanwhile (401 `ADMIN_SESSION_ENDED`). */
export const ADMIN_SESSION_ENDED_MESSAGE = ERROR_CODES.ADMIN_SESSION_ENDED;

/** Ban duration field: whole seconds, or empty for a permanent ban. */
export function parseBanDuration(value: string): number | undefined | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const seconds = Number.parseInt(trimmed, 10);
  return seconds > 0 ? seconds : 'invalid';
}

/** `GET /api/v1/admin/outbox?to=` (and the development mailbox): only the mail to this address, cut to an address's length. */
export const outboxQuerySchema = z.object({
  to: z
    .string()
    .optional()
    .transform((to) => to?.slice(0, 254)),
});

/** A mail the server could not send (no SMTP), as platform admins read it (`GET /api/v1/admin/outbox`). */
export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}
