import { z } from 'zod';
import type { ApiData } from './error-codes';
import { wholeNumberUpTo } from './validation';

/**
 * The audit trail's vocabulary, shared by the server that writes events and the console that
 * filters and shows them. An action names what was attempted; its outcome says how it ended.
 */
export const AUDIT_ACTIONS = {
  'user.sign_in': 'Signed in',
  'user.sign_up': 'Signed up',
  'user.sign_out': 'Signed out',
  'user.update': 'Profile changed',
  'user.delete': 'Account deleted',
  'user.claim': 'Account claimed by proving its address',
  'password.change': 'Password changed',
  'password.verify': 'Password checked',
  'password.reset_request': 'Password reset asked for',
  'password.reset': 'Password reset',
  'email.change': 'Email change asked for',
  'email.verify': 'Email verified',
  'two_factor.enable': 'Two-factor turned on',
  'two_factor.disable': 'Two-factor turned off',
  'two_factor.backup_codes': 'Backup codes made anew',
  'account.link': 'Account linked from a sign-in provider',
  'account.unlink': 'Linked account removed',
  'passkey.add': 'Passkey added',
  'passkey.update': 'Passkey renamed',
  'passkey.delete': 'Passkey deleted',
  'api_key.create': 'API key created',
  'api_key.update': 'API key changed',
  'api_key.delete': 'API key deleted',
  'session.revoke': 'Session ended',
  'session.revoke_others': 'Other sessions ended',
  'session.revoke_all': 'All sessions ended',
  'organization.create': 'Organization created',
  'organization.update': 'Organization changed',
  'organization.delete': 'Organization deleted',
  'organization.leave': 'Left an organization',
  'organization.transfer': 'Organization handed to another owner',
  'organization.policies': 'Organization policies changed',
  'member.invite': 'Member invited',
  'member.remove': 'Member removed',
  'member.role': 'Member role changed',
  'invitation.accept': 'Invitation accepted',
  'invitation.reject': 'Invitation declined',
  'invitation.cancel': 'Invitation cancelled',
  'role.create': 'Organization role created',
  'role.update': 'Organization role changed',
  'role.delete': 'Organization role deleted',
  'team.create': 'Team created',
  'team.update': 'Team changed',
  'team.delete': 'Team deleted',
  'team.member_add': 'Team member added',
  'team.member_remove': 'Team member removed',
  'team.member_role': 'Team role changed',
  'team.privacy': 'Team privacy changed',
  'admin.first_admin': 'First admin created by the setup link',
  'admin.user_create': 'User created by an admin',
  'admin.user_update': 'User changed by an admin',
  'admin.role': 'Role changed by an admin',
  'admin.password': 'Password set by an admin',
  'admin.ban': 'Banned',
  'admin.unban': 'Unbanned',
  'admin.impersonate': 'Impersonation started',
  'admin.impersonate_stop': 'Impersonation stopped',
  'admin.session_revoke': 'Session ended by an admin',
  'admin.sessions_revoke': 'All sessions ended by an admin',
  'admin.user_delete': 'User deleted by an admin',
  'admin.two_factor_reset': 'Two-factor reset by an admin',
  'admin.account_unlink': 'Linked identity removed by an admin',
  'admin.organization_member_add': 'Organization member added by an admin',
  'admin.organization_member_role': 'Organization role changed by an admin',
  'admin.organization_member_remove': 'Organization member removed by an admin',
  'admin.organization_invitation_cancel': 'Invitation cancelled by an admin',
  'admin.organization_delete': 'Organization deleted by an admin',
  'admin.user_export': 'Users exported by an admin',
  'admin.audit_export': 'Audit trail exported by an admin',
  'organization.owner_handover': 'Ownership handed over',
  'application.create': 'Application registered',
  'application.update': 'Application changed',
  'application.rotate_secret': 'Application secret replaced',
  'application.delete': 'Application deleted',
  'application.consent': 'Application allowed',
  'application.deny': 'Application denied',
  'application.revoke': 'Application access revoked',
  'application.token': 'Application token request',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** `pending`: a right password whose second factor is still due. */
export const AUDIT_OUTCOMES = ['success', 'failure', 'pending'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: 'Success',
  failure: 'Failure',
  pending: 'Pending',
};

/** One event as the API answers it. */
export interface AuditEventView {
  id: string;
  createdAt: string;
  action: AuditAction;
  outcome: AuditOutcome;
  /** Who acted: for an impersonation, the admin behind it. */
  actorId: string | null;
  /** The actor's email now; null when unknown or the account is gone. */
  actorEmail: string | null;
  /** Whose account the action was about (the actor's own for self-service). */
  targetUserId: string | null;
  /** The target's email now; null when unknown or the account is gone. */
  targetEmail: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** Small facts about the event: a sign-in's method, an error code, the address a failed sign-in tried. */
  details: Record<string, string | number | boolean | null>;
}

/** A page of events (`GET /api/v1/admin/audit`, `GET /api/v1/me/audit`); `nextCursor` is null on the last. */
export type AuditPage = ApiData<AuditEventView[], { nextCursor: string | null }>;

export const AUDIT_PAGE_SIZE_MAX = 200;
const id = z.string().min(1).max(200, 'ids are at most 200 characters');
const time = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time, such as 2026-11-25T12:00:00Z' });

/** The filters of `GET /api/v1/admin/audit` (`userId`: as actor or as target) and of the console's form. */
export const auditQuerySchema = z.object({
  userId: id.optional(),
  action: z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], { message: 'unknown action' }).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { message: 'outcome must be success, failure or pending' }).optional(),
  from: time.optional(),
  to: time.optional(),
  cursor: z.string().optional(),
  limit: wholeNumberUpTo('limit', AUDIT_PAGE_SIZE_MAX, 50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The filters of `GET /api/v1/admin/audit/export`: the list's, without paging (every match is exported). */
export const auditExportQuerySchema = auditQuerySchema.omit({ cursor: true, limit: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** A person's own events (`GET /api/v1/me/audit`): pages only. */
export const myAuditQuerySchema = auditQuerySchema.pick({ cursor: true, limit: true });
