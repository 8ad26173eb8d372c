import { ERROR_CODES } from './error-codes';
import { z } from 'zod';

/** Better Auth's defaults, made explicit so the form and the server agree. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Every name: a person's, an organization's, a team's, a key's (decision 0060). */
export const NAME_MAX_LENGTH = 100;

/**
 * A whole number from 1 to `max` in a query string, `fallback` when it is absent: a page size or a
 * window of days. Every way it can be wrong gets the same message, which names the range.
 */
export function wholeNumberUpTo(field: string, max: number, fallback: number) {
  const message = `${field} must be a whole number from 1 to ${max}`;
  return z.coerce.number({ message }).int(message).min(1, message).max(max, message).default(fallback);
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/**
 * C0 and C1 control characters (line breaks, tabs, escapes) and the Unicode line and paragraph
 * separators: a name is one line of text, in a list, a mail's subject, a CSV cell.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is refused here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const NAME_CONTROL_MESSAGE = 'Name cannot contain line breaks or control characters';
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
/** A name stored before the rule, as it can be shown on one line and typed. */
export const withoutControlCharacters = (value: string) =>
  value.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');

/**
 * The one rule for names (decision 0060): on one line (checked before trimming, since the server
 * stores what was sent), and 1 to 100 characters once trimmed.
 */
const nameRule = (requiredMessage: string) =>
  z
    .string()
    .refine((value) => !hasControlCharacters(value), NAME_CONTROL_MESSAGE)
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, 'Name is too long');
export const nameSchema = nameRule('Name is required');

/** Change email: a different, valid address (spec wording for the first rule). */
export function changeEmailSchema(currentEmail: string) {
  return z
    .string()
    .trim()
    .refine((value) => value !== '' && value.toLowerCase() !== currentEmail.toLowerCase(), {
      message: 'Please enter a different email address',
    })
    .pipe(emailSchema);
}

/** A new password (sign-up, an admin's new user): the same bounds as the server's. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: nameRule('Full name is required'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Changing one's password to the same one would end every other session and change nothing. */
export const PASSWORD_UNCHANGED_MESSAGE = ERROR_CODES.PASSWORD_UNCHANGED;

/** Change password (profile): the current password, and a new one within the bounds that differs from it. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: passwordSchema,
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: PASSWORD_UNCHANGED_MESSAGE,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
