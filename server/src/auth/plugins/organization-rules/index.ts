import type { BetterAuthPlugin } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { z } from 'zod';
import { emailDomainOf, organizationSlugSchema } from '#common/organization-page';
import {
  customRoleNameSchema,
  holdsAll,
  rolePermissionSchema,
  type OrganizationPermissions,
} from '#common/organization-roles';
import { isOwnerRole } from '#common/roles';
import { nameSchema } from '#common/validation';
import type { Database } from '../../../db/database';
import { permissionsOf } from '../../../db/organization-roles';
import { readPolicies } from '../../../db/organization-policies';
import { authHook, type HookContext } from '../../auth-hook';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { fieldOf, rolesNamed, textOf } from './request-fields';
import { customRoleNamed, roleInUse, standingIn, type Standing } from './standing';
import { isGated, keptOutOfAny, organizationsReached } from './two-factor-gate';

/** A refused field, named as our other validation answers name it. */
const invalid = (message: string) => new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message });

function validated<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The request is not valid');
  return parsed.data;
}

/** A name Better Auth stores as it is sent: valid, and with nothing for the schema to trim away. */
function exact<T extends z.ZodType<string>>(schema: T, value: unknown, label: string): string {
  const parsed = validated(schema, value);
  if (parsed !== value) throw invalid(`${label} has spaces around it`);
  return parsed;
}

const beyondYours = () => APIError.from('FORBIDDEN', CODES.ROLE_BEYOND_YOURS);
const inUse = () => APIError.from('CONFLICT', CODES.ROLE_IN_USE);

const can = (standing: Standing, resource: keyof OrganizationPermissions, action: string) =>
  holdsAll(standing.permissions, { [resource]: [action] } as OrganizationPermissions);

/**
 * What our organizations add to Better Auth's organization endpoints (decisions 0092, 0093): nobody
 * grants a permission they do not hold, custom roles keep valid names and permissions and are not
 * renamed or deleted from under the people who hold them, settings take our rules, invitations go
 * only to the domains an organization lists, and its two-factor policy keeps out a member without
 * two-factor from every endpoint that reaches its data. Each rule steps aside for a caller who is
 * not a member or lacks the permission the endpoint asks: Better Auth refuses them as it does.
 */
export function organizationRules(database: Database) {
  const { db } = database;
  const session = async (ctx: HookContext) => {
    const found = await getSessionFromCtx(ctx);
    return found
      ? { userId: found.user.id, email: found.user.email, active: found.session.activeOrganizationId }
      : undefined;
  };
  /** The organization a Better Auth endpoint acts on: the one named, else the session's active one. */
  const organizationOf = (ctx: HookContext, active: string | null | undefined) =>
    textOf(ctx.body, 'organizationId') ?? active ?? undefined;

  const rule = (path: string, check: (ctx: HookContext) => Promise<void>) => ({
    matcher: (ctx: { path?: string }) => ctx.path === path,
    handler: authHook(check),
  });

  return {
    id: 'organization-rules',
    hooks: {
      before: [
        {
          // First: a member kept out by the policy learns nothing more from the rules below.
          matcher: (ctx: { path?: string }) => isGated(ctx.path ?? ''),
          handler: authHook(async (ctx) => {
            const caller = await session(ctx);
            if (!caller) return;
            const reached = await organizationsReached(db, {
              path: ctx.path ?? '',
              body: ctx.body,
              query: ctx.query,
              activeOrganizationId: caller.active,
            });
            if (await keptOutOfAny(db, reached, caller.userId))
              throw APIError.from('FORBIDDEN', CODES.ORGANIZATION_REQUIRES_TWO_FACTOR);
          }),
        },
        rule('/organization/update-member-role', async (ctx) => {
          const caller = await session(ctx);
          if (!caller) return;
          const organizationId = organizationOf(ctx, caller.active);
          const standing = await standingIn(db, organizationId, caller.userId);
          const roles = rolesNamed(fieldOf(ctx.body, 'role'));
          const memberId = textOf(ctx.body, 'memberId');
          if (!standing || !organizationId || !roles || !memberId || !can(standing, 'member', 'update')) return;
          const target = await db
            .selectFrom('member')
            .select(['id', 'role'])
            .where('id', '=', memberId)
            .where('organizationId', '=', organizationId)
            .executeTakeFirst();
          if (!target) return;
          if (target.id === standing.memberId && !isOwnerRole(standing.role))
            throw APIError.from('FORBIDDEN', CODES.OWN_ORGANIZATION_ROLE);
          // Nobody gives more than they hold, nor changes someone who holds more (a demotion included).
          const given = await permissionsOf(db, organizationId, roles.join(','));
          const held = await permissionsOf(db, organizationId, target.role);
          if (!holdsAll(standing.permissions, given) || !holdsAll(standing.permissions, held)) throw beyondYours();
        }),
        rule('/organization/invite-member', async (ctx) => {
          const caller = await session(ctx);
          if (!caller) return;
          const organizationId = organizationOf(ctx, caller.active);
          const standing = await standingIn(db, organizationId, caller.userId);
          if (!standing || !organizationId || !can(standing, 'invitation', 'create')) return;
          const roles = rolesNamed(fieldOf(ctx.body, 'role'));
          if (roles && !holdsAll(standing.permissions, await permissionsOf(db, organizationId, roles.join(','))))
            throw beyondYours();
          const email = textOf(ctx.body, 'email');
          const { invitationDomains = [] } = (await readPolicies(db, organizationId)) ?? {};
          if (email && invitationDomains.length > 0 && !invitationDomains.includes(emailDomainOf(email)))
            throw APIError.from('FORBIDDEN', CODES.INVITATION_DOMAIN_NOT_ALLOWED);
        }),
        rule('/organization/accept-invitation', async (ctx) => {
          // An invitation sent before the organization listed its domains is held to them when answered.
          const caller = await session(ctx);
          const invitationId = textOf(ctx.body, 'invitationId');
          if (!caller || !invitationId) return;
          const invitation = await db
            .selectFrom('invitation')
            .select(['organizationId', 'email', 'status'])
            .where('id', '=', invitationId)
            .executeTakeFirst();
          // Only its invitee learns of the policy; Better Auth refuses anyone else.
          if (!invitation || invitation.status !== 'pending') return;
          if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) return;
          const { invitationDomains = [] } = (await readPolicies(db, invitation.organizationId)) ?? {};
          if (invitationDomains.length > 0 && !invitationDomains.includes(emailDomainOf(invitation.email)))
            throw APIError.from('FORBIDDEN', CODES.INVITATION_DOMAIN_NOT_ALLOWED);
        }),
        rule('/organization/create-role', async (ctx) => {
          exact(customRoleNameSchema, fieldOf(ctx.body, 'role'), 'Role name');
          const permission = validated(rolePermissionSchema, fieldOf(ctx.body, 'permission'));
          const caller = await session(ctx);
          if (!caller) return;
          const standing = await standingIn(db, organizationOf(ctx, caller.active), caller.userId);
          if (!standing || !can(standing, 'ac', 'create')) return;
          if (!holdsAll(standing.permissions, permission)) throw beyondYours();
        }),
        rule('/organization/update-role', async (ctx) => {
          const data = fieldOf(ctx.body, 'data');
          const newName = fieldOf(data, 'roleName');
          if (newName !== undefined) exact(customRoleNameSchema, newName, 'Role name');
          const newPermission = fieldOf(data, 'permission');
          const permission = newPermission === undefined ? undefined : validated(rolePermissionSchema, newPermission);
          const caller = await session(ctx);
          if (!caller) return;
          const organizationId = organizationOf(ctx, caller.active);
          const standing = await standingIn(db, organizationId, caller.userId);
          if (!standing || !organizationId || !can(standing, 'ac', 'update')) return;
          const role = await customRoleNamed(db, organizationId, {
            roleName: textOf(ctx.body, 'roleName'),
            roleId: textOf(ctx.body, 'roleId'),
          });
          if (!role) return;
          if (!holdsAll(standing.permissions, role.permission)) throw beyondYours();
          if (permission && !holdsAll(standing.permissions, permission)) throw beyondYours();
          const renamed = typeof newName === 'string' && newName !== role.role;
          if (renamed && (await roleInUse(db, organizationId, role.role))) throw inUse();
        }),
        rule('/organization/delete-role', async (ctx) => {
          const caller = await session(ctx);
          if (!caller) return;
          const organizationId = organizationOf(ctx, caller.active);
          const standing = await standingIn(db, organizationId, caller.userId);
          if (!standing || !organizationId || !can(standing, 'ac', 'delete')) return;
          const role = await customRoleNamed(db, organizationId, {
            roleName: textOf(ctx.body, 'roleName'),
            roleId: textOf(ctx.body, 'roleId'),
          });
          if (role && (await roleInUse(db, organizationId, role.role))) throw inUse();
        }),
        rule('/organization/update', async (ctx) => {
          const data = fieldOf(ctx.body, 'data');
          if (typeof data !== 'object' || data === null) return;
          for (const field of Object.keys(data)) {
            if (field === 'logo') throw invalid('The logo is changed by uploading a picture on the organization page');
            if (field !== 'name' && field !== 'slug') throw invalid(`${field} cannot be changed here`);
          }
          if (fieldOf(data, 'name') !== undefined) validated(nameSchema, fieldOf(data, 'name'));
          const slugGiven = fieldOf(data, 'slug');
          if (slugGiven === undefined) return;
          const slug = exact(organizationSlugSchema, slugGiven, 'Slug');
          const caller = await session(ctx);
          if (!caller) return;
          const organizationId = organizationOf(ctx, caller.active);
          const standing = await standingIn(db, organizationId, caller.userId);
          if (!standing || !can(standing, 'organization', 'update')) return;
          const taken = await db
            .selectFrom('organization')
            .select('id')
            .where('slug', '=', slug)
            .where('id', '!=', organizationId!)
            .executeTakeFirst();
          if (taken) throw APIError.from('CONFLICT', CODES.ORGANIZATION_SLUG_TAKEN);
        }),
      ],
    },
    $ERROR_CODES: CODES,
  } satisfies BetterAuthPlugin;
}
