import { ERROR_CODES } from './error-codes';
import { z } from 'zod';

/** Said when a person's own deletion comes without their password (the server's PASSWORD_REQUIRED). */
export const DELETION_PASSWORD_REQUIRED = ERROR_CODES.PASSWORD_REQUIRED;

/** Deleting one's own account: the password, every time, however recent the sign-in. */
export const deleteAccountSchema = z.object({ password: z.string().min(1, DELETION_PASSWORD_REQUIRED) });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
