import { z } from 'zod';

/** A ban's reason (shown to the banned person at sign-in) is at most this long. */
export const BAN_REASON_MAX_LENGTH = 200;
/** A ban of a set length lasts at most this long (about 100 years); longer is a permanent ban. */
export const BAN_MAX_SECONDS = 100 * 365 * 24 * 60 * 60;

/**
 * The reason, trimmed. Its length is checked as sent: Better Auth's own ban endpoint stores what it
 * is sent, untrimmed.
 */
export const banReasonSchema = z
  .string({ message: 'banReason must be text' })
  .max(BAN_REASON_MAX_LENGTH, `banReason is at most ${BAN_REASON_MAX_LENGTH} characters`)
  .trim();

/**
 * A timed ban's length; a permanent ban sends none. In the words of whoever reads the refusal: the
 * API names its field, the console its input.
 */
export const banExpiresInRule = (words: { notWhole: string; tooShort: string; tooLong: string }) =>
  z.number({ message: words.notWhole }).int(words.notWhole).min(1, words.tooShort).max(BAN_MAX_SECONDS, words.tooLong);

export const banExpiresInSchema = banExpiresInRule({
  notWhole: 'banExpiresIn must be a whole number of seconds',
  tooShort: 'banExpiresIn must be 1 second or more',
  tooLong: `banExpiresIn is at most ${BAN_MAX_SECONDS} seconds`,
});

/**
 * The ban fields, wherever a ban is asked for: `POST /api/auth/admin/ban-user`, a bulk ban, the
 * console's ban forms.
 */
export const banFieldsSchema = z.object({
  banReason: banReasonSchema.optional(),
  banExpiresIn: banExpiresInSchema.optional(),
});
