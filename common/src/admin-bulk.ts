import { ERROR_CODES } from './error-codes';
import { z } from 'zod';
import { banFieldsSchema } from './ban';

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
    ...banFieldsSchema.shape,
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
  message: ERROR_CODES.OWN_ACCOUNT,
} as const;
