import { z } from 'zod';
import type { ApiData } from './error-codes';
import { wholeNumberUpTo } from './validation';

/** A member of an organization with who they are. `role` as stored: Better Auth may hold several ("admin,owner"). */
export interface AdminOrganizationMember {
  id: string;
  userId: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  /** When they joined: members come oldest first (then by id). */
  createdAt: string;
}

/** Members come in pages of this many unless `limit` says otherwise (the detail carries the first one). */
export const ORGANIZATION_MEMBER_PAGE_SIZE = 25;
export const ORGANIZATION_MEMBER_PAGE_SIZE_MAX = 100;

/** `GET /api/v1/admin/organizations/:id/members`: a page, from the `nextCursor` of the page before. */
export const adminOrganizationMembersQuerySchema = z.object({
  // Its length and shape are the server's keyset cursor's to check, with one answer for any bad cursor.
  cursor: z.string().default(''),
  limit: wholeNumberUpTo('limit', ORGANIZATION_MEMBER_PAGE_SIZE_MAX, ORGANIZATION_MEMBER_PAGE_SIZE),
});
export type AdminOrganizationMembersQuery = z.infer<typeof adminOrganizationMembersQuerySchema>;

/** A page of members, oldest first; `nextCursor` is null on the last page, `total` counts every member. */
export type AdminOrganizationMemberPage = ApiData<
  AdminOrganizationMember[],
  { nextCursor: string | null; total: number }
>;
