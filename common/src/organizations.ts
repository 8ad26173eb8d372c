import { ERROR_CODES } from './error-codes';
import type { OrganizationPermissions } from './organization-roles';
import { z } from 'zod';
import { nameSchema } from './validation';

/**
 * Organizations an account may belong to and still create one (decision 0060): past it, creating
 * is refused; platform admins have no limit.
 */
export const ORGANIZATION_LIMIT = 50;
export const ORGANIZATION_LIMIT_MESSAGE = ERROR_CODES.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS;

/** `POST /api/v1/organizations` (and its admin twin): the name only; the server makes the slug. */
export const createOrganizationSchema = z.object({ name: nameSchema });
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

/** `POST /api/v1/organizations` (and its admin twin): Better Auth's new organization, with its first member. */
export interface CreatedOrganization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  createdAt: string;
  members: { id: string; organizationId: string; userId: string; role: string; createdAt: string }[];
}

/** An organization as its member sees it in their list (`GET /api/v1/organizations`). */
export interface MyOrganization {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  role: string;
  /** What the caller's roles allow there, custom roles included: what the console asks before showing a control. */
  permissions: OrganizationPermissions;
  memberCount: number;
  teamCount: number;
}

/** A pending invitation to the caller (`GET /api/v1/invitations`). */
export interface MyInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  role: string;
  inviterEmail: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Why an account may not send invitations yet (403 from invite-member), as the console also says it. */
export const INVITER_NOT_VERIFIED_MESSAGE = ERROR_CODES.INVITER_NOT_VERIFIED;
export const GUEST_CANNOT_INVITE_MESSAGE = ERROR_CODES.GUEST_CANNOT_INVITE;
