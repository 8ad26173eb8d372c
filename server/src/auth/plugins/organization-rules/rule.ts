import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { holdsAll, type OrganizationPermissions } from '#common/organization-roles';
import type { DB } from '../../../db/schema';
import type { HookContext } from '../../auth-hook';
import { textOf } from './request-fields';
import { standingIn, type Standing } from './standing';

/** One rule: what it checks before Better Auth runs the endpoint at `path`; it refuses by throwing. */
export interface Rule {
  path: string;
  check: (ctx: HookContext, db: Kysely<DB>) => Promise<void>;
}

/** Who sends the request, as the rules need them; undefined without a session (the endpoint's own 401). */
export async function callerOf(ctx: HookContext) {
  const found = await getSessionFromCtx(ctx);
  if (!found) return undefined;
  const { activeOrganizationId, activeTeamId } = found.session as {
    activeOrganizationId?: string | null;
    activeTeamId?: string | null;
  };
  return { userId: found.user.id, email: found.user.email, active: activeOrganizationId, activeTeam: activeTeamId };
}

/**
 * The organization a Better Auth endpoint acts on: the one named, else the session's active one. An
 * empty string names none: Better Auth's endpoints then fall back on the active one (`named || active`).
 */
export const organizationOf = (ctx: HookContext, active: string | null | undefined) =>
  textOf(ctx.body, 'organizationId') ?? active ?? undefined;

export const can = (standing: Standing, resource: keyof OrganizationPermissions, action: string) =>
  holdsAll(standing.permissions, { [resource]: [action] } as OrganizationPermissions);

/** A refused field, named as our other validation answers name it. */
export const invalid = (message: string) => new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message });

export function validated<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'The request is not valid');
  return parsed.data;
}

/** A name Better Auth stores as it is sent: valid, and with nothing for the schema to trim away. */
export function exact<T extends z.ZodType<string>>(schema: T, value: unknown, label: string): string {
  const parsed = validated(schema, value);
  if (parsed !== value) throw invalid(`${label} has spaces around it`);
  return parsed;
}

/**
 * Who asks, the organization the request acts on (as Better Auth picks it: the body's, else the
 * active one) and their standing there; undefined for anyone else, whom Better Auth then answers.
 */
export async function askingMember(ctx: HookContext, db: Kysely<DB>) {
  const caller = await callerOf(ctx);
  if (!caller) return undefined;
  const organizationId = organizationOf(ctx, caller.active);
  const standing = await standingIn(db, organizationId, caller.userId);
  return standing && organizationId ? { userId: caller.userId, organizationId, standing } : undefined;
}
