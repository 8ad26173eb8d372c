import { z } from 'zod';

/** The confirmation's message, said where the second copy is typed. */
export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * A form's `newPassword` typed twice: a typo in a password nobody sees would lock its owner out.
 * Only the form asks for the second copy; the server gets the first.
 */
export const withConfirmation = <Schema extends z.ZodType<{ newPassword: string }>>(schema: Schema) =>
  schema
    .and(z.object({ confirmPassword: z.string() }))
    .refine((values) => values.confirmPassword === values.newPassword, {
      path: ['confirmPassword'],
      message: PASSWORDS_DIFFER,
    });
