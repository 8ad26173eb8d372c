import type { BetterAuthPlugin } from 'better-auth';
import { getSessionFromCtx } from 'better-auth/api';
import type { Database } from '../../../db/database';
import { authHook } from '../../auth-hook';
import { customRoleRules } from './custom-roles';
import { ORGANIZATION_RULE_ERROR_CODES } from './error-codes';
import { grantRules } from './grant-rule';
import { invitationDomainRules } from './invitation-domains';
import { settingsRules } from './organization-settings';
import type { Rule } from './rule';
import { isGated, teamsLeftOpen, twoFactorGate } from './two-factor-gate';

const RULES: Rule[] = [...grantRules, ...customRoleRules, ...invitationDomainRules, ...settingsRules];

/**
 * What our organizations add to Better Auth's organization endpoints (decisions 0092, 0093): the
 * grant rule, custom roles kept valid and with their holders, settings by our rules, invitations to
 * listed domains only, and the two-factor policy on every way into an organization's data. A rule
 * steps aside for a caller who is not a member or lacks the permission the endpoint asks: Better
 * Auth refuses them as it does, so no answer tells an outsider more.
 */
export function organizationRules(database: Database) {
  const { db } = database;
  return {
    id: 'organization-rules',
    hooks: {
      before: [
        // First: a member the policy keeps out learns nothing more from the rules below.
        {
          matcher: (ctx: { path?: string }) => isGated(ctx.path ?? ''),
          handler: authHook((ctx) => twoFactorGate(ctx, db)),
        },
        ...RULES.map((rule) => ({
          matcher: (ctx: { path?: string }) => ctx.path === rule.path,
          handler: authHook((ctx) => rule.check(ctx, db)),
        })),
      ],
      after: [
        {
          // Named none, it lists the teams of every organization the caller is in: not of a gated one.
          matcher: (ctx: { path?: string }) => ctx.path === '/organization/list-user-teams',
          handler: authHook(async (ctx) => {
            const teams = ctx.context.returned;
            const session = await getSessionFromCtx(ctx);
            if (!Array.isArray(teams) || !session) return;
            return ctx.json(await teamsLeftOpen(db, teams, session.user.id));
          }),
        },
      ],
    },
    $ERROR_CODES: ORGANIZATION_RULE_ERROR_CODES,
  } satisfies BetterAuthPlugin;
}
