import { z } from 'zod';
import { SIGN_IN_CODE_DIGITS } from './mail-sign-in';
import { emailSchema } from './validation';

/** A mailed code as typed: spaces left out, then exactly its digits. */
export const signInCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), `Enter the ${SIGN_IN_CODE_DIGITS}-digit code from the email`),
  );

/** Asking for a link or a code: the address to send it to. */
export const mailSignInRequestSchema = z.object({ email: emailSchema });
export type MailSignInRequest = z.infer<typeof mailSignInRequestSchema>;

/** Typing the code that came by mail. */
export const signInCodeFormSchema = z.object({ code: signInCodeSchema });
export type SignInCodeForm = z.input<typeof signInCodeFormSchema>;
