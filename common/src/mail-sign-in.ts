import { z } from 'zod';

/** Sign-in by mail (`EMAIL_SIGN_IN`), as the server sets it up and the console words it (decision 0087). */

/** How long a mailed sign-in link works; it works once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** How long a mailed sign-in code works; it works once. */
export const SIGN_IN_CODE_MINUTES = 10;
/** Digits of a mailed sign-in code. */
export const SIGN_IN_CODE_DIGITS = 6;
/** Wrong tries one code allows; the next try ends it, and a new code must be asked for. */
export const SIGN_IN_CODE_ATTEMPTS = 3;

/**
 * Limits per address (an address names at most one account, so they are the account's too), whoever
 * asks and from wherever; and per client address, Better Auth's limiter.
 */
export const MAIL_SIGN_IN_LIMITS = {
  /** Links and codes mailed to one address in an hour, together. */
  sendsPerAddressPerHour: 5,
  /** Codes checked for one address in an hour: every code mailed, each tried to the end. */
  codeChecksPerAddressPerHour: 5 * SIGN_IN_CODE_ATTEMPTS,
  /** Requests of each mail sign-in path from one client address in a minute. */
  perClientPerMinute: 30,
} as const;

/** What `GET /api/v1/sign-in-options` says of sign-in by mail. */
export interface EmailSignInOptions {
  link: boolean;
  code: boolean;
}

/** A mailed code as typed: spaces left out, then exactly its digits. */
export const signInCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, `Enter the ${SIGN_IN_CODE_DIGITS}-digit code from the email`));
