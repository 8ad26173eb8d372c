import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { twoFactorKeepsOut } from '../../../db/organization-policies';
import type { HookContext } from '../../auth-hook';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { fieldOf, textOf } from './request-fields';
import { callerOf } from './rule';

/**
 * Better Auth's organization endpoints about the caller's own things, which the two-factor policy
 * leaves open: leaving, answering or reading an invitation sent to them, listing and creating their
 * organizations. Every other one reaches some organization's data.
 */
export const OPEN_TO_EVERY_MEMBER = new Set([
  '/organization/leave',
  '/organization/accept-invitation',
  '/organization/reject-invitation',
  '/organization/get-invitation',
  '/organization/list',
  '/organization/list-user-invitations',
  '/organization/create',
  '/organization/check-slug',
]);

export const isGated = (path: string) =>
  (path.startsWith('/organization/') && !OPEN_TO_EVERY_MEMBER.has(path)) || path.startsWith('/team-permissions/');

/** The non-empty strings among the values (lists flattened): an empty string names nothing. */
const strings = (...values: unknown[]) =>
  values
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && value !== '');

/** Better Auth's endpoints that act on the session's active team when the request names none. */
const ACTIVE_TEAM_FALLBACK = new Set(['/organization/list-team-members', '/organization/set-active-team']);

interface Reaching {
  path: string;
  body: unknown;
  query: unknown;
  activeOrganizationId: string | null | undefined;
  activeTeamId?: string | null | undefined;
}

/**
 * Every organization a request reaches: named by id or slug, or through one of its teams, members,
 * invitations or roles; else the session's active organization (and the organization of its active
 * team, for the team endpoints that fall back on it), which Better Auth's endpoints fall back on when
 * none is named (ours under /team-permissions never do). An empty string names nothing.
 */
export async function organizationsReached(db: Kysely<DB>, request: Reaching): Promise<string[]> {
  const { body, query } = request;
  const named = (name: string) => strings(fieldOf(body, name), fieldOf(query, name));
  const ids = new Set(named('organizationId').concat(strings(fieldOf(fieldOf(body, 'data'), 'organizationId'))));
  const add = (rows: { organizationId: string }[]) => rows.forEach((row) => ids.add(row.organizationId));
  const slugs = named('organizationSlug');
  if (slugs.length > 0)
    add(await db.selectFrom('organization').select('id as organizationId').where('slug', 'in', slugs).execute());
  const teamIds = named('teamId');
  // `teamId: null` (set-active-team) leaves the active team: it reaches nothing.
  const leavesTeam = fieldOf(body, 'teamId') === null;
  if (teamIds.length === 0 && !leavesTeam && ACTIVE_TEAM_FALLBACK.has(request.path) && request.activeTeamId)
    teamIds.push(request.activeTeamId);
  if (teamIds.length > 0)
    add(await db.selectFrom('team').select('organizationId').where('id', 'in', teamIds).execute());
  const memberIds = [...named('memberId'), ...named('memberIdOrEmail').filter((id) => !id.includes('@'))];
  if (memberIds.length > 0)
    add(await db.selectFrom('member').select('organizationId').where('id', 'in', memberIds).execute());
  const invitationIds = named('invitationId');
  if (invitationIds.length > 0)
    add(await db.selectFrom('invitation').select('organizationId').where('id', 'in', invitationIds).execute());
  const roleIds = named('roleId');
  if (roleIds.length > 0)
    add(await db.selectFrom('organizationRole').select('organizationId').where('id', 'in', roleIds).execute());
  // `organizationId: null` (set-active) leaves the active organization: it reaches nothing.
  const namesOne =
    textOf(body, 'organizationId') ||
    (request.path === '/organization/set-active' && fieldOf(body, 'organizationId') === null) ||
    textOf(fieldOf(body, 'data'), 'organizationId') ||
    textOf(body, 'organizationSlug') ||
    textOf(query, 'organizationId') ||
    textOf(query, 'organizationSlug');
  if (!namesOne && !request.path.startsWith('/team-permissions/') && request.activeOrganizationId)
    ids.add(request.activeOrganizationId);
  return [...ids];
}

/**
 * Whether the two-factor policy of an organization the request reaches keeps this person out. Only
 * their memberships count: for anyone else the endpoint answers as it does to a stranger, and the
 * policy of an organization they are not in is not told.
 */
export async function keptOutOfAny(db: Kysely<DB>, organizationIds: string[], userId: string): Promise<boolean> {
  if (organizationIds.length === 0) return false;
  const memberships = await db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', userId)
    .where('organizationId', 'in', organizationIds)
    .execute();
  for (const { organizationId } of memberships) {
    if (await twoFactorKeepsOut(db, organizationId, userId)) return true;
  }
  return false;
}

/**
 * The two-factor policy (decision 0093): a member it keeps out of an organization reaches none of
 * its data through any endpoint, whatever names it.
 */
export async function twoFactorGate(ctx: HookContext, db: Kysely<DB>) {
  const caller = await callerOf(ctx);
  if (!caller) return;
  const reached = await organizationsReached(db, {
    path: ctx.path ?? '',
    body: ctx.body,
    query: ctx.query,
    activeOrganizationId: caller.active,
    activeTeamId: caller.activeTeam,
  });
  if (await keptOutOfAny(db, reached, caller.userId))
    throw APIError.from('FORBIDDEN', CODES.ORGANIZATION_REQUIRES_TWO_FACTOR);
}

/**
 * The teams of a list across organizations (`list-user-teams` naming none) without those of an
 * organization whose policy keeps this person out: their other organizations' teams stay listed.
 */
export async function teamsLeftOpen(db: Kysely<DB>, teams: unknown[], userId: string): Promise<unknown[]> {
  const organizationIds = [...new Set(strings(...teams.map((team) => fieldOf(team, 'organizationId'))))];
  const keptOut = new Set<string>();
  for (const organizationId of organizationIds) {
    if (await keptOutOfAny(db, [organizationId], userId)) keptOut.add(organizationId);
  }
  return teams.filter((team) => !keptOut.has(fieldOf(team, 'organizationId') as string));
}
