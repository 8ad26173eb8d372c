import type { SignInOptions } from './identity-providers';
/**
 * Sign-in by mail (`EMAIL_SIGN_IN`), as the server sets it up and the console words it (decision 0087).
 * Free of zod: /auth's first chunk reads it (the forms' rules are in `mail-sign-in-forms.ts`).
 */

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
export type EmailSignInOptions = SignInOptions['emailSignIn'];

/** The flag of /auth that opens it on the second factor of a sign-in held for it (the server's redirect). */
export const SECOND_FACTOR_STEP = { param: 'step', value: 'second-factor' } as const;
