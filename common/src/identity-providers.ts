/**
 * Signing in with an identity from elsewhere (Google, GitHub, Microsoft, OpenID Connect issuers):
 * what the sign-in screen and the Linked accounts card read. Times are ISO-8601 text.
 */

/** A configured provider as the sign-in screen shows it: its id (Better Auth's provider id) and its words. */
export interface SignInProvider {
  id: string;
  label: string;
}

/** What `GET /api/v1/sign-in-options` answers: the ways in this server offers besides a password. */
export interface SignInOptions {
  providers: SignInProvider[];
  /** Sign-in by a mailed link or code (`EMAIL_SIGN_IN`). */
  emailSignIn: { link: boolean; code: boolean };
}

/** An account at a provider linked to the person's (Linked accounts on the profile). */
export interface LinkedAccount {
  /** The account row's id, which `POST /api/auth/unlink-account` takes as `accountId`. */
  id: string;
  providerId: string;
  /** The provider's words; the id itself for a provider no longer configured. */
  label: string;
  /** The address the provider gave when the account was linked; null for accounts linked before it was kept. */
  email: string | null;
  linkedAt: string;
}

/** What `GET /api/v1/me/linked-accounts` answers. */
export interface LinkedAccounts {
  accounts: LinkedAccount[];
  /** Configured providers with no account linked yet: the card's Link buttons. */
  available: SignInProvider[];
  /** Whether unlinking one more would leave the person a way in (a password, a passkey or another account). */
  canUnlink: boolean;
}

/**
 * The sign-in screen loads this module up front: it imports nothing (the error catalogue stays out
 * of that screen's first chunk).
 *
 * The `?error=` codes Better Auth puts on the URL a provider sign-in comes back to when it fails,
 * in words. Codes not listed read as `PROVIDER_SIGN_IN_FAILED`.
 */
const STATE_NOT_MATCHED = 'The sign-in could not be matched to this browser. Start again from this page.';

export const PROVIDER_SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  state_not_found: STATE_NOT_MATCHED,
  state_mismatch: STATE_NOT_MATCHED,
  state_invalid: STATE_NOT_MATCHED,
  state_security_mismatch: STATE_NOT_MATCHED,
  account_not_linked:
    'An account with this email address already exists. Sign in to it another way, then link this provider from your profile.',
  email_not_found: 'The provider did not give an email address, which an account here needs.',
  email_not_verified: 'The provider has not verified this email address.',
  email_does_not_match:
    'The provider account has another email address than yours: only the same address can be linked.',
  unable_to_link_account:
    'The account could not be linked: the provider must confirm the same email address as yours, verified.',
  account_already_linked_to_different_user: 'This provider account is already linked to another account here.',
  invalid_code: 'The provider did not confirm the sign-in. Try again.',
  no_code: 'The provider did not confirm the sign-in. Try again.',
  issuer_mismatch: 'The answer did not come from the provider the sign-in started with.',
  issuer_missing: 'The answer did not come from the provider the sign-in started with.',
  nonce_binding_missing: 'The provider did not confirm the sign-in. Try again.',
  unable_to_get_user_info: 'The provider did not confirm who you are. Try again.',
  oauth_provider_not_found: 'This sign-in provider is not set up here.',
  access_denied: 'The sign-in was cancelled at the provider.',
  signup_disabled: 'New accounts cannot be made through this provider.',
  unable_to_create_user: 'The account could not be made. Try again.',
};

export const PROVIDER_SIGN_IN_FAILED = 'The sign-in with this provider did not complete. Try again.';

/** The words for an `?error=` code a provider sign-in came back with. */
export const providerSignInError = (code: string): string =>
  Object.hasOwn(PROVIDER_SIGN_IN_ERRORS, code) ? PROVIDER_SIGN_IN_ERRORS[code]! : PROVIDER_SIGN_IN_FAILED;
