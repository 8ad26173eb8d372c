/**
 * Every error of ours, `CODE: message`, in one place (decision 0068): the answers of `/api/v1` and
 * the refusals of our Better Auth plugins (their `$ERROR_CODES` are picked from here). Each code has
 * one message and each message one code (`error-codes.test.ts`). The codes of `DETAILED_CODES` may
 * answer with a message that names the case (the field a rule refused, the seconds to wait, the
 * organizations a last owner holds); the message here is their general form.
 */
export const ERROR_CODES = {
  // Generic answers, by status.
  BAD_REQUEST: 'The request is not valid',
  UNAUTHORIZED: 'Sign in first',
  FORBIDDEN: 'Only platform admins may do this',
  INVALID_ORIGIN: 'This request must come from a trusted origin',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with the current state; reload and try again',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'The request body is not of a type this call takes',
  RATE_LIMITED: 'Too many requests. Try again later.',
  INTERNAL_SERVER_ERROR: 'Internal server error',
  ACTION_FAILED: 'The action failed on the server for this user; try again',
  SERVICE_UNAVAILABLE: 'The service is not answering. Try again in a moment.',
  // Input.
  BODY_NOT_JSON: 'The request body is not valid JSON',
  BODY_NOT_FORM: 'The request body is not a valid multipart form',
  CURSOR_NOT_VALID: 'cursor is not valid',
  OFFSET_NEEDS_CURSOR:
    'More than 1000 users match: a later page opens from the page before it (its nextCursor), not by offset alone',
  // Accounts and sign-in.
  USER_NOT_FOUND: 'User not found',
  API_KEY_NOT_ALLOWED: 'API keys cannot be used for this call; sign in instead',
  INVALID_API_KEY: 'Invalid API key',
  PASSWORD_UNCHANGED: 'The new password must be different from the current one',
  CODE_ALREADY_USED: 'This code was already used. Wait for the next code from your authenticator app.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Try again in 15 minutes.',
  TWO_FACTOR_SELF_RESET: 'Turn off your own two-factor authentication on your profile',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor authentication is not on for this user',
  LINKED_IDENTITY_NOT_FOUND: 'This user has no linked identity with this id',
  USER_LAST_WAY_TO_SIGN_IN:
    "This linked identity is the user's only way to sign in. They need a password, a passkey or another linked identity before it can be removed.",
  LAST_SIGN_IN_METHOD:
    'This passkey is the only way to sign in to your account. Add another passkey or set a password before deleting it.',
  MAIL_NOT_SENT: 'The email could not be sent. Try again later.',
  MAIL_NOT_CONFIGURED: 'Email is not configured on this server (set SMTP_URL)',
  MAIL_CODE_FOR_SIGN_IN_ONLY: 'Codes by email are sent for signing in only: the type must be sign-in',
  // Guests.
  GUEST_LINK_ASKED_ELSEWHERE:
    'This sign-in link was not asked for from this guest account, so it does not sign this browser in: your guest work stays here. Ask for a link from this browser to keep it.',
  GUEST_WORK_NOT_MOVED:
    'Your guest work could not be moved to your account, so you are still signed in as a guest with all of it. Sign in to your account to try again.',
  NO_API_KEYS_FOR_GUESTS: 'Guest accounts cannot create API keys. Sign up first.',
  GUEST_HAS_NO_PASSWORD: 'A guest account has no password: it is deleted without one, by POST /delete-anonymous-user',
  NO_SIGN_IN_ALERTS_FOR_GUESTS: 'Guest accounts have no sign-in alerts. Sign up first.',
  NO_APPLICATIONS_FOR_GUESTS: 'Guest accounts cannot sign in to applications. Sign up first.',
  // Account deletion.
  PASSWORD_REQUIRED: 'Enter your password to delete your account',
  LAST_OWNER: 'You are the last owner of an organization with other members',
  // Impersonation.
  REASON_REQUIRED: 'Give a reason for impersonating this user',
  REASON_TOO_LONG: 'The reason is at most 500 characters',
  NOT_WHILE_IMPERSONATING:
    "Not allowed while impersonating: the account's security settings (password, email, two-factor, passkeys, " +
    "API keys, sessions, sign-in alerts) and its deletion are its owner's alone. Stop impersonating first.",
  ADMIN_SESSION_ENDED:
    'Your own session ended while you were impersonating, so the impersonation has been stopped. Sign in again.',
  BANNED_USER_NOT_IMPERSONATED: 'A banned user cannot be impersonated',
  NO_CONSENT_WHILE_IMPERSONATING:
    "Only the account's owner can allow an application to reach it, never an admin impersonating them. Stop impersonating first.",
  APPLICATION_NOT_CONNECTED: 'This application has no access to your account',
  // Identity providers.
  PROVIDER_UNAVAILABLE: 'This sign-in provider cannot be reached right now. Try again later, or sign in another way.',
  PROVIDER_ID_TOKEN_NOT_ACCEPTED: 'Sign in through the provider page: an ID token sent directly is not accepted',
  LAST_WAY_TO_SIGN_IN:
    'This is the only way to sign in to your account. Set a password, add a passkey or link another account before unlinking it.',
  LINKED_ACCOUNT_NOT_FOUND: 'No such linked account on your account',
  NO_LINKING_FOR_GUESTS:
    'Guest accounts cannot link other accounts. Sign in with the provider instead: your guest work comes with you.',
  // Organizations and invitations.
  ORGANIZATION_NOT_FOUND: 'Organization not found',
  MEMBER_NOT_FOUND: 'Member not found in this organization',
  INVITATION_NOT_FOUND: 'Invitation not found in this organization',
  INVITATION_NOT_PENDING: 'This invitation was already answered or cancelled',
  ORGANIZATION_LAST_OWNER:
    'This is the last owner of the organization. Make another member an owner first, or delete the organization.',
  CONFIRM_NAME_MISMATCH: "The name typed is not the organization's name",
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS:
    'You already belong to 50 organizations, the most an account may have. Leave one to create another.',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'Organizations of that name were being created at the same moment; try again',
  INVITER_NOT_VERIFIED: 'Verify your email address before sending invitations: open the link we mailed you.',
  GUEST_CANNOT_INVITE: 'Guests cannot send invitations. Sign up and verify your email address first.',
  INVITATIONS_NEED_VERIFIED_EMAIL: 'Verify your email address to see the invitations sent to it',
  OWN_ACCOUNT: 'A bulk action never applies to your own account',
  ORGANIZATION_PERMISSION_DENIED: 'Your role in this organization does not allow this',
  ORGANIZATION_REQUIRES_TWO_FACTOR:
    'This organization asks its members to use two-factor authentication. Turn it on in your profile to reach it.',
  TWO_FACTOR_FIRST: 'Turn on two-factor authentication for your own account before requiring it of members',
  INVITATION_DOMAIN_NOT_ALLOWED: 'This organization sends invitations only to addresses at its listed domains',
  ROLE_BEYOND_YOURS: 'You can only give, change or edit roles whose permissions you hold yourself',
  OWN_ORGANIZATION_ROLE: 'Only an owner may change their own role in an organization',
  ROLE_IN_USE: 'Members or pending invitations hold this role. Give them another role first.',
  ORGANIZATION_SLUG_TAKEN: 'Another organization already uses this slug',
  ONLY_OWNER_TRANSFERS: 'Only an owner can hand the organization over',
  TRANSFER_TO_SELF: 'Choose another member to hand the organization to',
  TRANSFER_TARGET_NOT_ALLOWED: 'The organization can only be handed to a member with an active, registered account',
  // Teams.
  TEAM_NOT_FOUND: 'Team not found',
  NOT_ALLOWED: 'You are not allowed to do this in this team',
  TEAM_IS_PUBLIC: 'Members are added to private teams only; make the team private first',
  USER_NOT_IN_ORGANIZATION: 'User not found in organization. They must be an organization member first.',
  ALREADY_TEAM_MEMBER: 'This user is already a member of the team',
  NOT_A_TEAM_MEMBER: 'This user is not a member of the team',
  OWN_ROLE: 'You cannot change your own team role',
  TEAM_LAST_OWNER: 'A team keeps at least one owner',
  USE_TEAM_ENDPOINTS: 'Team membership and deletion go through /team-permissions endpoints, which apply the team rules',
  // First run.
  SETUP_DONE: 'Setup is done: an admin exists. Sign in instead.',
  INVALID_SETUP_LINK:
    'This setup link is invalid, has expired or has already been used. Restart the server for a new one.',
  SETUP_ADDRESS_TAKEN:
    'An account with this address exists and its password is not this one: enter its password to make it the admin, or choose another address.',
  // Files.
  FILE_NOT_FOUND: 'No such file',
  // Applications (Gatehouse as an OpenID Connect provider).
  APPLICATION_NOT_FOUND: 'Application not found',
  APPLICATION_HAS_NO_SECRET:
    'This application is public (single-page or native): it has no secret to replace, PKCE is its proof',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes whose answer may name its case in place of the general message: a validation rule's own
 * words, a wait in seconds, a size, a route, a dependency that is down, the organizations a last
 * owner holds, Better Auth's message passed on.
 */
export const DETAILED_CODES: ReadonlySet<ErrorCode> = new Set([
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'ACCOUNT_TEMPORARILY_LOCKED',
  'INVALID_API_KEY',
  'LAST_OWNER',
]);

/** A code of ours (every error body is `{ code, message, requestId }`). */
export type ApiErrorCode = ErrorCode;

export interface ApiErrorBody {
  code: ApiErrorCode | (string & {});
  message: string;
  /** The request's id, also in the `x-request-id` header and in every log line about it. */
  requestId?: string | undefined;
}

/**
 * A success answer of `/api/v1` (docs/api.md): what was asked for under `data`, and facts about the
 * answer (how the caller signed in, list totals) beside it.
 */
export type ApiData<T, Beside extends object = object> = { data: T } & Beside;
