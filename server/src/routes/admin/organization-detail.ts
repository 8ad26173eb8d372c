import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { adminDeleteOrganizationSchema, adminMemberRoleSchema, type AdminOrganizationDetail } from '#common/admin';
import {
  adminOrganizationMembersQuerySchema,
  type AdminOrganizationMemberPage,
} from '#common/admin-organization-members';
import type { AuditAction } from '#common/audit';
import type { ApiData } from '#common/error-codes';
import type { AuditEventInput, AuditLog } from '../../audit/audit-log';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { apiError } from '../../http/api-error';
import { clientAddressOf } from '../../http/client-address';
import type { PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import {
  cancelInvitation,
  deleteOrganization,
  removeMember,
  setMemberRole,
  type MemberOutcome,
} from '../../db/organization-changes';
import { adminMemberOf, decodeMemberCursor, memberCount, memberPage } from '../../db/organization-members';
import { organizationDetail } from './organization-view';

type Env = { Variables: PrincipalVariables };
/** A member as a change of role answers it (a removal: without the role). */
type MemberAnswer = { id: string; userId: string; role: string };

const id = (name: string) => z.string().min(1, `${name} is required`).max(200, `${name} is at most 200 characters`);
const organizationParams = z.object({ id: id('id') });
const memberParams = organizationParams.extend({ memberId: id('memberId') });
const invitationParams = organizationParams.extend({ invitationId: id('invitationId') });

/**
 * One organization for platform admins, who usually do not belong to it (Better Auth's organization
 * endpoints ask for membership): its detail, its members by pages, their roles and places, its
 * invitations, and its deletion. Under the admin routes, which check the caller. Every outcome of a
 * change is recorded in the audit trail, refusals included.
 */
export function organizationDetailRoutes(auth: Auth, database: Database, audit: AuditLog) {
  const record = (
    c: Context<Env>,
    action: AuditAction,
    event: Pick<AuditEventInput, 'targetUserId' | 'organizationId' | 'details'> & { refusal?: string },
  ) =>
    audit.record({
      action,
      outcome: event.refusal ? 'failure' : 'success',
      actorId: c.get('principal').user.id,
      targetUserId: event.targetUserId,
      organizationId: event.organizationId,
      ipAddress: clientAddressOf(c, auth.options),
      userAgent: c.req.header('user-agent'),
      details: { ...event.details, code: event.refusal },
    });

  /** The event of a member change (the member's user as the target), and its refusal if any. */
  const answerMemberChange = (
    c: Context<Env>,
    action: AuditAction,
    organizationId: string,
    outcome: MemberOutcome | 'organization-not-found' | 'member-not-found',
    details: Record<string, string>,
  ) => {
    if (typeof outcome === 'string') {
      record(c, action, { organizationId, details, refusal: 'NOT_FOUND' });
      return apiError(c, 404, outcome === 'organization-not-found' ? 'ORGANIZATION_NOT_FOUND' : 'MEMBER_NOT_FOUND');
    }
    record(c, action, {
      targetUserId: outcome.userId,
      organizationId,
      details: { ...details, previousRole: outcome.previousRole },
      refusal: outcome.lastOwner ? 'ORGANIZATION_LAST_OWNER' : undefined,
    });
    if (outcome.lastOwner) return apiError(c, 409, 'ORGANIZATION_LAST_OWNER');
    return outcome;
  };

  return new Hono<Env>()
    .get('/organizations/:id', validate('param', organizationParams), async (c) => {
      const detail = await organizationDetail(database, c.req.valid('param').id);
      if (!detail) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      return c.json<ApiData<AdminOrganizationDetail>>({ data: detail });
    })
    .get(
      '/organizations/:id/members',
      validate('param', organizationParams),
      validate('query', adminOrganizationMembersQuerySchema),
      async (c) => {
        const organizationId = c.req.valid('param').id;
        const { cursor, limit } = c.req.valid('query');
        const after = cursor ? decodeMemberCursor(cursor) : undefined;
        if (after === 'invalid') return apiError(c, 400, 'CURSOR_NOT_VALID');
        const found = await database.db
          .selectFrom('organization')
          .select('id')
          .where('id', '=', organizationId)
          .executeTakeFirst();
        if (!found) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
        const [page, total] = await Promise.all([
          memberPage(database, organizationId, limit, after),
          memberCount(database, organizationId),
        ]);
        return c.json<AdminOrganizationMemberPage>({
          data: page.members.map(adminMemberOf),
          nextCursor: page.nextCursor,
          total,
        });
      },
    )
    .delete(
      '/organizations/:id',
      validate('param', organizationParams),
      validate('json', adminDeleteOrganizationSchema),
      async (c) => {
        const organizationId = c.req.valid('param').id;
        const outcome = await deleteOrganization(database, organizationId, c.req.valid('json').confirmName);
        if (outcome === 'not-found') {
          record(c, 'admin.organization_delete', { organizationId, refusal: 'NOT_FOUND' });
          return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
        }
        if (outcome === 'name-mismatch') {
          record(c, 'admin.organization_delete', { organizationId, refusal: 'CONFIRM_NAME_MISMATCH' });
          return apiError(c, 400, 'CONFIRM_NAME_MISMATCH');
        }
        record(c, 'admin.organization_delete', { organizationId, details: { name: outcome.name } });
        return c.json<ApiData<{ id: string }>>({ data: { id: organizationId } });
      },
    )
    .patch(
      '/organizations/:id/members/:memberId',
      validate('param', memberParams),
      validate('json', adminMemberRoleSchema),
      async (c) => {
        const { id: organizationId, memberId } = c.req.valid('param');
        const { role } = c.req.valid('json');
        const outcome = await setMemberRole(database, organizationId, memberId, role);
        const answer = answerMemberChange(c, 'admin.organization_member_role', organizationId, outcome, {
          memberId,
          role,
        });
        if (answer instanceof Response) return answer;
        return c.json<ApiData<MemberAnswer>>({ data: { id: memberId, userId: answer.userId, role } });
      },
    )
    .delete('/organizations/:id/members/:memberId', validate('param', memberParams), async (c) => {
      const { id: organizationId, memberId } = c.req.valid('param');
      const outcome = await removeMember(database, organizationId, memberId);
      const answer = answerMemberChange(c, 'admin.organization_member_remove', organizationId, outcome, {
        memberId,
      });
      if (answer instanceof Response) return answer;
      return c.json<ApiData<Omit<MemberAnswer, 'role'>>>({ data: { id: memberId, userId: answer.userId } });
    })
    .delete('/organizations/:id/invitations/:invitationId', validate('param', invitationParams), async (c) => {
      const { id: organizationId, invitationId } = c.req.valid('param');
      const outcome = await cancelInvitation(database, organizationId, invitationId);
      const action = 'admin.organization_invitation_cancel';
      if (outcome === 'not-found') {
        record(c, action, { organizationId, details: { invitationId }, refusal: 'NOT_FOUND' });
        return apiError(c, 404, 'INVITATION_NOT_FOUND');
      }
      if (outcome === 'not-pending') {
        record(c, action, { organizationId, details: { invitationId }, refusal: 'CONFLICT' });
        return apiError(c, 409, 'INVITATION_NOT_PENDING');
      }
      record(c, action, { organizationId, details: { invitationId, email: outcome.email } });
      return c.json<ApiData<{ id: string; status: 'canceled' }>>({ data: { id: invitationId, status: 'canceled' } });
    });
}
