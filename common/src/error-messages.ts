/**
 * The words the console shows for an error code, where they are its own rather than the server's.
 * A code not listed here shows the server's message (for our API that message is already written
 * for people), else the screen's fallback. Codes come from our API (`error-codes.ts`), from Better
 * Auth and its plugins, and from the browser's WebAuthn prompt.
 */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  /** Passkeys (spec §8): any failed passkey sign-in reads the same. */
  AUTH_CANCELLED: 'auth cancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'previously registered',
  ERROR_CEREMONY_ABORTED: 'registration cancelled',
  /** Two-factor sign-in: the step after the password ended (10 minutes passed, or five wrong codes). */
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Go back and sign in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Go back and sign in again.',
  /** Sign-in by a mailed code (Better Auth's `emailOTP`) and link (`magicLink`, its error redirect). */
  // One answer for every wrong code (expired, used up or mistyped): another would tell which addresses have accounts.
  INVALID_OTP: 'This code is not right, or no longer works. Check the email and type it again, or ask for a new one.',
  INVALID_TOKEN: 'This sign-in link has expired or was already used. Ask for a new one.',
  /** Better Auth wants a recent sign-in (its `freshAge`) for this call. */
  SESSION_NOT_FRESH: "For your security, confirm it's you first.",
};

/** The code of a failed call that got no answer (the network or the server is down). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
