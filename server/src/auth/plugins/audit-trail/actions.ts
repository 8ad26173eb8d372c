import type { AuditAction } from '#common/audit';

/**
 * Better Auth's endpoints the audit trail records, each with its action. Sign-ins and the two-factor
 * code step are told apart in the plugin (the same code path turns two-factor on).
 */
export const AUDITED_PATHS: Readonly<Record<string, AuditAction>> = {
  '/sign-in/email': 'user.sign_in',
  '/sign-in/anonymous': 'user.sign_in',
  '/passkey/verify-authentication': 'user.sign_in',
  '/sign-up/email': 'user.sign_up',
  '/sign-out': 'user.sign_out',
  '/update-user': 'user.update',
  '/delete-user': 'user.delete',
  '/delete-anonymous-user': 'user.delete',
  '/change-password': 'password.change',
  '/verify-password': 'password.verify',
  '/request-password-reset': 'password.reset_request',
  '/reset-password': 'password.reset',
  '/change-email': 'email.change',
  '/verify-email': 'email.verify',
  '/two-factor/disable': 'two_factor.disable',
  '/two-factor/generate-backup-codes': 'two_factor.backup_codes',
  '/passkey/verify-registration': 'passkey.add',
  '/passkey/update-passkey': 'passkey.update',
  '/passkey/delete-passkey': 'passkey.delete',
  '/api-key/create': 'api_key.create',
  '/api-key/update': 'api_key.update',
  '/api-key/delete': 'api_key.delete',
  '/revoke-session': 'session.revoke',
  '/revoke-other-sessions': 'session.revoke_others',
  '/revoke-sessions': 'session.revoke_all',
  '/organization/create': 'organization.create',
  '/organization/update': 'organization.update',
  '/organization/delete': 'organization.delete',
  '/organization/leave': 'organization.leave',
  '/organization/invite-member': 'member.invite',
  '/organization/remove-member': 'member.remove',
  '/organization/update-member-role': 'member.role',
  '/organization/accept-invitation': 'invitation.accept',
  '/organization/reject-invitation': 'invitation.reject',
  '/organization/cancel-invitation': 'invitation.cancel',
  '/organization/create-team': 'team.create',
  '/organization/update-team': 'team.update',
  '/organization/remove-team': 'team.delete',
  '/team-permissions/add-member': 'team.member_add',
  '/team-permissions/remove-member': 'team.member_remove',
  '/team-permissions/set-role': 'team.member_role',
  '/team-permissions/set-permission-mode': 'team.privacy',
  '/team-permissions/delete-team': 'team.delete',
  '/admin/create-user': 'admin.user_create',
  '/admin/update-user': 'admin.user_update',
  '/admin/set-role': 'admin.role',
  '/admin/set-user-password': 'admin.password',
  '/admin/ban-user': 'admin.ban',
  '/admin/unban-user': 'admin.unban',
  '/admin/impersonate-user': 'admin.impersonate',
  '/admin/stop-impersonating': 'admin.impersonate_stop',
  '/admin/revoke-user-session': 'admin.session_revoke',
  '/admin/revoke-user-sessions': 'admin.sessions_revoke',
  '/admin/remove-user': 'admin.user_delete',
};

/** How each sign-in path proves who signs in: the table the sign-in metrics read too. */
export { SIGN_IN_METHODS } from '../../sign-in-methods';

/** Paths whose failures are recorded even with nobody signed in: attempts on someone's account. */
export const ATTEMPT_PATHS = new Set([
  '/sign-in/email',
  '/passkey/verify-authentication',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/reset-password',
]);
