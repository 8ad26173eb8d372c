import { useState } from 'react';
import { ORGANIZATION_MEMBER_PAGE_SIZE, type AdminOrganizationMemberPage } from '#common/admin-organization-members';
import { useAdminOrganizationMembers } from '../api/get-admin-organization-members';

/**
 * The members card's pages: the first came with the organization's detail, the next ones are read by
 * cursor. Each page shown is remembered by the cursor it starts from: Previous goes back to it, and a
 * refresh (after a removal or a role change) reads the same page again.
 */
export function useMemberPages(organizationId: string, firstPage: AdminOrganizationMemberPage) {
  const [starts, setStarts] = useState<string[]>(['']);
  const members = useAdminOrganizationMembers(organizationId, starts.at(-1) ?? '', firstPage);
  const page = starts.length;
  const total = members.data?.total ?? firstPage.total;
  // A cursor belongs to the page it came from: none while the page before is still shown.
  const nextCursor = members.isPlaceholderData ? null : (members.data?.nextCursor ?? null);
  return {
    members,
    page,
    pages: Math.max(page, Math.ceil(total / ORGANIZATION_MEMBER_PAGE_SIZE)),
    hasNext: nextCursor !== null,
    next: () => {
      if (nextCursor) setStarts((shown) => [...shown, nextCursor]);
    },
    previous: () => setStarts((shown) => (shown.length > 1 ? shown.slice(0, -1) : shown)),
  };
}
