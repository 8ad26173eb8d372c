import type { AuditAction } from '#common/audit';
import type { AuditEventInput } from '../../../audit/audit-log';
import {
  enablesTwoFactor,
  isAccountAttempt,
  isCodeStep,
  isSignInStep,
  MAIL_SIGN_IN_PATHS,
  signInMethodOf,
} from '../../auth-paths';
import { AUDITED_PATHS } from './actions';

type Fields = Record<string, unknown>;

/** Who stood behind a request before its endpoint ran (a sign-out or a deletion ends the session). */
export interface Before {
  /** The signed-in user, or the one a pending two-factor sign-in or a reset link is for. */
  userId?: string | undefined;
  signedIn: boolean;
  impersonatedBy?: string | undefined;
  /** The organization of the team a team endpoint names (the team may be gone afterwards). */
  organizationId?: string | undefined;
  /** Whose session an admin's revoke-user-session names by its token (the session is gone afterwards). */
  sessionOwnerId?: string | undefined;
}

/** A finished request as the event is made from it: by the after hook, or from its refusal. */
export interface Finished {
  path: string;
  body: Fields;
  /** The answer's fields when it succeeded. */
  answer: Fields;
  failure?: { code: string | undefined; status: number; error?: string | undefined } | undefined;
  /** The application of a token request (token-requests.ts). */
  clientId?: string | undefined;
  newUserId?: string | undefined;
  ipAddress: string | null;
  userAgent: string | null | undefined;
}

export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
export const fieldsOf = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {});
export const isAudited = (path: string | undefined) => !!path && (path in AUDITED_PATHS || isSignInStep(path));
export const REVOKE_USER_SESSION = '/admin/revoke-user-session';
export const TOKEN_PATH = '/oauth2/token';

/**
 * A token request an application had refused: which application, which grant, and the OAuth
 * `error` it was answered — never the code, token or secret it sent. Granted ones are not recorded.
 */
const tokenRequestEvent = ({ body, failure, clientId, ipAddress, userAgent }: Finished): AuditEventInput | null =>
  failure
    ? {
        action: 'application.token',
        outcome: 'failure',
        ipAddress,
        userAgent,
        details: {
          clientId,
          grantType: text(body.grant_type)?.slice(0, 100),
          error: failure.error ?? failure.code,
          status: failure.status,
        },
      }
    : null;

const CONSENT = '/oauth2/consent';
/** Attempts that name an account by its address: a password, a reset, a code by mail. */
const ADDRESS_ATTEMPT_PATHS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/request-password-reset',
  MAIL_SIGN_IN_PATHS.checkCode,
]);

/** The application an authorization request names: `client_id` in its signed query. */
const applicationOf = (body: Fields) => text(new URLSearchParams(text(body.oauth_query) ?? '').get('client_id'));

/** The event of a finished request, or null when there is nothing to record. */
export const eventOf = (finished: Finished, seen: Before): (AuditEventInput & { email?: string }) | null => {
  const { path, body, answer, failure, newUserId, ipAddress, userAgent } = finished;
  if (path === TOKEN_PATH) return tokenRequestEvent(finished);
  const failed = failure !== undefined;
  let action: AuditAction | undefined = isSignInStep(path) ? 'user.sign_in' : AUDITED_PATHS[path];
  // With a session, a code step confirms a new authenticator: two-factor goes on (never by a backup code).
  if (isCodeStep(path) && seen.signedIn) action = enablesTwoFactor(path) ? 'two_factor.enable' : undefined;
  if (action === 'application.consent' && body.accept !== true) action = 'application.deny';
  if (!action) return null;
  const signedInUser = seen.signedIn ? seen.userId : undefined;
  const actorId = seen.impersonatedBy ?? signedInUser ?? newUserId;
  const created = action === 'admin.user_create' ? text(fieldsOf(answer.user).id) : undefined;
  // A member is named by a member id or an email: their user is in the answer (unknown on a failure).
  const aboutMember = action === 'member.remove' || action === 'member.role';
  const member = aboutMember ? (text(fieldsOf(answer.member).userId) ?? text(answer.userId)) : undefined;
  // A session is named by its token: its owner is named once it is revoked, never on a refusal,
  // which must not tell whoever sent a token whose it is.
  const sessionOwner = failed ? undefined : seen.sessionOwnerId;
  const targetUserId =
    path === REVOKE_USER_SESSION
      ? sessionOwner
      : (text(body.userId) ?? created ?? (aboutMember ? member : (seen.userId ?? newUserId)));
  // The address a refused attempt named: the trail then files it under that account, as it does for passwords.
  const email = ADDRESS_ATTEMPT_PATHS.has(path) ? text(body.email) : undefined;
  if (failed && !actorId && !targetUserId && !isAccountAttempt(path)) return null;
  const invitation = fieldsOf(answer.invitation);
  return {
    action,
    outcome: failed ? 'failure' : answer.twoFactorRedirect ? 'pending' : 'success',
    actorId,
    targetUserId,
    organizationId:
      text(body.organizationId) ??
      seen.organizationId ??
      text(answer.organizationId) ??
      text(invitation.organizationId) ??
      (action === 'organization.create' ? text(answer.id) : undefined),
    ipAddress,
    userAgent,
    email,
    details: {
      method: action === 'user.sign_in' ? signInMethodOf(path) : undefined,
      code: failure?.code,
      status: failure?.status,
      email,
      impersonating: seen.impersonatedBy ? seen.userId : undefined,
      role: text(body.role) ?? text(body.roleName),
      teamId: text(body.teamId),
      invitationId: text(body.invitationId),
      keyId: text(body.keyId),
      passkeyId: path.startsWith('/passkey/') ? text(body.id) : undefined,
      // The application, once the provider has checked the signed request that names it.
      clientId: path === CONSENT && !failed ? applicationOf(body) : undefined,
      reason: text(body.reason) ?? text(body.banReason),
    },
  };
};
