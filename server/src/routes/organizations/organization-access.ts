import type { Context, MiddlewareHandler } from 'hono';
import type { AuditAction } from '#common/audit';
import {
  can,
  permissionsOfRoles,
  type CustomRole,
  type OrganizationPermissions,
  type OrganizationResource,
} from '#common/organization-roles';
import type { organizationStatements } from '#common/permissions';
import type { AuditEventInput, AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import type { MemberRefusal } from '../../db/member-permission';
import { twoFactorKeepsOut } from '../../db/organization-policies';
import { customRolesOf } from '../../db/organization-roles';
import { apiError } from '../../http/api-error';
import { clientAddressOf } from '../../http/client-address';
import { requireUser, type PrincipalVariables } from '../../http/session';

/** The caller's membership of the organization the path names, as every route of its page reads it. */
export interface Membership {
  organizationId: string;
  memberId: string;
  /** As stored: several roles at once are "admin,editor". */
  role: string;
  /** Every permission the roles hold here, the organization's custom roles included. */
  permissions: OrganizationPermissions;
  /** The organization's custom roles, as read for the permissions. */
  customRoles: CustomRole[];
}

export type OrganizationEnv = { Variables: PrincipalVariables & { membership: Membership } };

const MEMBER_REFUSALS = {
  'organization-not-found': [404, 'ORGANIZATION_NOT_FOUND'],
  'two-factor-required': [403, 'ORGANIZATION_REQUIRES_TWO_FACTOR'],
  'permission-denied': [403, 'ORGANIZATION_PERMISSION_DENIED'],
} as const;

/** Longer than any id Better Auth makes: no organization has it. */
const ID_MAX_LENGTH = 200;

/** An event of the organization, by the caller (the admin behind an impersonation), with a refusal's code. */
export type OrganizationEvent = Pick<AuditEventInput, 'targetUserId' | 'details'> & { refusal?: string | undefined };

/**
 * What opens every route of an organization's page: a signed-in person (their session, never an API
 * key), who belongs to the organization (anyone else, and an organization that does not exist, get one
 * answer: 404 ORGANIZATION_NOT_FOUND), and whom its two-factor policy does not keep out (403
 * ORGANIZATION_REQUIRES_TWO_FACTOR). Then each route asks for its permission (`permitted`).
 */
export function organizationAccess(auth: Auth, database: Database, audit: AuditLog) {
  const { db } = database;
  // It sets only the principal, which this environment holds beside the membership.
  const authenticate = requireUser(auth) as unknown as MiddlewareHandler<OrganizationEnv>;

  const member: MiddlewareHandler<OrganizationEnv> = (c, next) =>
    authenticate(c, async () => {
      const organizationId = c.req.param('id') ?? '';
      const { user } = c.get('principal');
      const row =
        organizationId.length > 0 && organizationId.length <= ID_MAX_LENGTH
          ? await db
              .selectFrom('member')
              .select(['id', 'role'])
              .where('organizationId', '=', organizationId)
              .where('userId', '=', user.id)
              .executeTakeFirst()
          : undefined;
      if (!row) {
        c.res = apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
        return;
      }
      if (await twoFactorKeepsOut(db, organizationId, user.id)) {
        c.res = apiError(c, 403, 'ORGANIZATION_REQUIRES_TWO_FACTOR');
        return;
      }
      const customRoles = await customRolesOf(db, organizationId);
      c.set('membership', {
        organizationId,
        memberId: row.id,
        role: row.role,
        permissions: permissionsOfRoles(row.role, customRoles),
        customRoles,
      });
      await next();
    });

  const record = (
    c: Context<OrganizationEnv>,
    action: AuditAction,
    { targetUserId, details, refusal }: OrganizationEvent,
  ) => {
    const principal = c.get('principal');
    // As Better Auth's events (decision 0041): the admin acts, and the person impersonated is named,
    // as the target unless the event has another one, so that their own activity shows it.
    const impersonating = principal.impersonatedBy ? principal.user.id : undefined;
    audit.record({
      action,
      outcome: refusal ? 'failure' : 'success',
      actorId: principal.impersonatedBy ?? principal.user.id,
      targetUserId: targetUserId ?? impersonating,
      organizationId: c.get('membership').organizationId,
      ipAddress: clientAddressOf(c, auth.options),
      userAgent: c.req.header('user-agent'),
      details: { ...details, code: refusal, impersonating },
    });
  };

  /** Refuses a member whose roles lack the permission (403 ORGANIZATION_PERMISSION_DENIED), recorded under `action` when given. */
  const permitted =
    <Resource extends OrganizationResource>(
      resource: Resource,
      permission: (typeof organizationStatements)[Resource][number],
      action?: AuditAction,
    ): MiddlewareHandler<OrganizationEnv> =>
    async (c, next) => {
      if (!can(c.get('membership').permissions, resource, permission)) {
        if (action) record(c, action, { refusal: 'ORGANIZATION_PERMISSION_DENIED' });
        return apiError(c, 403, 'ORGANIZATION_PERMISSION_DENIED');
      }
      await next();
    };

  /**
   * Answers as `member` and `permitted` would when the membership, read again under the organization's
   * lock (`memberRefusal`), no longer lets the caller act; a missing permission is recorded under `action`.
   */
  const refuse = (c: Context<OrganizationEnv>, refusal: MemberRefusal, action: AuditAction) => {
    const [status, code] = MEMBER_REFUSALS[refusal];
    if (refusal === 'permission-denied') record(c, action, { refusal: code });
    return apiError(c, status, code);
  };

  return { member, permitted, record, refuse };
}

export type OrganizationAccess = ReturnType<typeof organizationAccess>;
