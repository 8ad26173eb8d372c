import { z } from 'zod';
import { adminDeleteOrganizationSchema } from './admin';
import {
  ORGANIZATION_MEMBER_PAGE_SIZE,
  ORGANIZATION_MEMBER_PAGE_SIZE_MAX,
  type AdminOrganizationMember,
} from './admin-organization-members';
import type { ApiData } from './error-codes';
import type { OrganizationPermissions } from './organization-roles';
import { nameSchema, wholeNumberUpTo } from './validation';

/** What an organization asks of its members (owners and admins set them: `organization:update`). */
export interface OrganizationPolicies {
  /** Members must use two-factor: without it, nothing of the organization is answered to them. */
  requireTwoFactor: boolean;
  /** Invitations go only to addresses at these domains (exact, lower case); empty: to any. */
  invitationDomains: string[];
}

/** Domains an organization may list for its invitations. */
export const INVITATION_DOMAINS_MAX = 20;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'A domain is at most 253 characters')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

/** `PUT /api/v1/organizations/:id/policies`: both policies, as they are to be. */
export const organizationPoliciesSchema = z.object({
  requireTwoFactor: z.boolean({ message: 'requireTwoFactor must be true or false' }),
  invitationDomains: z
    .array(domainSchema, { message: 'invitationDomains must be a list of domains' })
    .max(INVITATION_DOMAINS_MAX, `At most ${INVITATION_DOMAINS_MAX} domains`)
    .transform((domains) => [...new Set(domains)]),
});
export type OrganizationPoliciesInput = z.input<typeof organizationPoliciesSchema>;

/** The domain of an address, as the invitation policy compares it. */
export const emailDomainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

/** An organization's slug: lower-case letters and digits in words joined by single hyphens. */
export const organizationSlugSchema = z
  .string({ message: 'Slug is required' })
  .trim()
  .min(2, 'Slug is 2 to 40 characters')
  .max(40, 'Slug is 2 to 40 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug is lower-case letters and digits, joined by single hyphens');

/** The settings form (sent to Better Auth's `/organization/update`, whose guard applies the same rules). */
export const organizationSettingsSchema = z.object({ name: nameSchema, slug: organizationSlugSchema });
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;

/** `GET /api/v1/organizations/:id`: one organization as its member sees it, with what they may do there. */
export interface OrganizationDetail {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: string;
  memberCount: number;
  teamCount: number;
  /** The caller's membership: its id and role as stored (several roles: "admin,editor"). */
  memberId: string;
  role: string;
  /** Every permission the caller's roles hold here, custom roles included, as the server enforces them. */
  permissions: OrganizationPermissions;
  /** The roles the caller may give here (`grantableRoles`), custom ones included, whether or not they may read roles. */
  grantableRoles: string[];
  policies: OrganizationPolicies;
}

/** `GET /api/v1/organizations/:id/members`: a page, searched by name or email on the server. */
export const organizationMembersQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').default(''),
  /** `off`: only members without two-factor (for those who may change members). */
  twoFactor: z.enum(['off'], { message: 'twoFactor may only be off' }).optional(),
  cursor: z.string().default(''),
  limit: wholeNumberUpTo('limit', ORGANIZATION_MEMBER_PAGE_SIZE_MAX, ORGANIZATION_MEMBER_PAGE_SIZE),
});
export type OrganizationMembersQuery = z.input<typeof organizationMembersQuerySchema>;

export interface OrganizationMember extends AdminOrganizationMember {
  /** Whether they use two-factor; null for callers who may not change members (`member:update`). */
  twoFactorEnabled: boolean | null;
}
export type OrganizationMemberPage = ApiData<OrganizationMember[], { nextCursor: string | null; total: number }>;

/** `POST /api/v1/organizations/:id/transfer`: an owner hands the organization to another member, and stays as admin. */
export const transferOwnershipSchema = z.object({
  memberId: z
    .string({ message: 'memberId is required' })
    .min(1, 'memberId is required')
    .max(200, 'memberId is at most 200 characters'),
});
export interface TransferOwnershipAnswer {
  /** The new owner's membership, and the caller's, now admin. */
  ownerMemberId: string;
  previousOwnerMemberId: string;
}

/** `DELETE /api/v1/organizations/:id`: its name typed again, as the admin's deletion takes it. */
export const deleteOrganizationSchema = adminDeleteOrganizationSchema;
