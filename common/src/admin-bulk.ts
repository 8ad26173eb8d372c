import { z } from 'zod';

/** A ban's reason (shown to the banned person at sign-in) is at most this long. */
export const BAN_REASON_MAX_LENGTH = 200;
/** A ban of a set length lasts at most this long (about 100 years); longer is a permanent ban. */
export const BAN_MAX_SECONDS = 100 * 365 * 24 * 60 * 60;
/** `POST /api/v1/admin/users/bulk`: what it does to each user, and how many users one call names. */
export const ADMIN_BULK_ACTIONS = ['ban', 'unban', 'revoke-sessions', 'delete'] as const;
export type AdminBulkAction = (typeof ADMIN_BULK_ACTIONS)[number];
export const BULK_USERS_MAX = 100;

export const adminBulkActionSchema = z
  .object({
    action: z.enum(ADMIN_BULK_ACTIONS, { message: 'action must be ban, unban, revoke-sessions or delete' }),
    userIds: z
      .array(
        z
          .string({ message: 'userIds must be a list of user ids' })
          .min(1, 'a user id is never empty')
          .max(200, 'a user id is at most 200 characters'),
        { message: 'userIds must be a list of user ids' },
      )
      .min(1, 'userIds must name at least one user')
      .max(BULK_USERS_MAX, `userIds names at most ${BULK_USERS_MAX} users`)
      .refine((ids) => new Set(ids).size === ids.length, 'userIds must not name a user twice'),
    banReason: z
      .string({ message: 'banReason must be text' })
      .trim()
      .max(BAN_REASON_MAX_LENGTH, `banReason is at most ${BAN_REASON_MAX_LENGTH} characters`)
      .optional(),
    banExpiresIn: z
      .number({ message: 'banExpiresIn must be a whole number of seconds' })
      .int('banExpiresIn must be a whole number of seconds')
      .min(1, 'banExpiresIn must be 1 second or more')
      .max(BAN_MAX_SECONDS, `banExpiresIn is at most ${BAN_MAX_SECONDS} seconds`)
      .optional(),
  })
  .refine((input) => input.action === 'ban' || (input.banReason === undefined && input.banExpiresIn === undefined), {
    message: 'banReason and banExpiresIn go with the ban action only',
  });
export type AdminBulkActionInput = z.input<typeof adminBulkActionSchema>;

/** What a bulk action did to one user: done, or why not (a code and words for people). */
export interface AdminBulkResult {
  userId: string;
  ok: boolean;
  code?: string;
  message?: string;
}
/** One result per user id asked, in the order asked. */
export interface AdminBulkAnswer {
  results: AdminBulkResult[];
}
/** A bulk action skips the admin's own account (their own ban or deletion is no bulk matter). */
export const BULK_OWN_ACCOUNT = {
  code: 'OWN_ACCOUNT',
  message: 'A bulk action never applies to your own account',
} as const;
