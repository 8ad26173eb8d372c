import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { emailDomainOf } from '#common/organization-page';
import { readPolicies } from '../../../db/organization-policies';
import type { DB } from '../../../db/schema';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { textOf } from './request-fields';
import { askingMember, callerOf, can, type Rule } from './rule';

async function refuseOutsideDomains(db: Kysely<DB>, organizationId: string, email: string) {
  const { invitationDomains = [] } = (await readPolicies(db, organizationId)) ?? {};
  if (invitationDomains.length > 0 && !invitationDomains.includes(emailDomainOf(email)))
    throw APIError.from('FORBIDDEN', CODES.INVITATION_DOMAIN_NOT_ALLOWED);
}

/**
 * Invitations only to the domains an organization lists (decision 0093): when sent (resends too),
 * and again when accepted, for an invitation sent before the policy. Only those who may invite, and
 * the invitee, learn of the policy; Better Auth refuses anyone else as it would without it.
 */
export const invitationDomainRules: Rule[] = [
  {
    path: '/organization/invite-member',
    check: async (ctx, db) => {
      const asking = await askingMember(ctx, db);
      const email = textOf(ctx.body, 'email');
      if (!asking || !email || !can(asking.standing, 'invitation', 'create')) return;
      const { organizationId } = asking;
      await refuseOutsideDomains(db, organizationId, email);
    },
  },
  {
    path: '/organization/accept-invitation',
    check: async (ctx, db) => {
      const caller = await callerOf(ctx);
      const invitationId = textOf(ctx.body, 'invitationId');
      if (!caller || !invitationId) return;
      const invitation = await db
        .selectFrom('invitation')
        .select(['organizationId', 'email', 'status'])
        .where('id', '=', invitationId)
        .executeTakeFirst();
      if (!invitation || invitation.status !== 'pending') return;
      if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) return;
      await refuseOutsideDomains(db, invitation.organizationId, invitation.email);
    },
  },
];
