import { useState } from 'react';
import { ORGANIZATION_MEMBER_PAGE_SIZE } from '#common/admin-organization-members';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useOrganizationMembers } from '../api/get-organization-members';

/**
 * The members card's view: a search (asked of the server once the typing pauses), the two-factor
 * filter, and pages by cursor. Each page shown is remembered by the cursor it starts from: Previous
 * goes back to it, and a refresh (after a removal or a role change) reads the same page again.
 * Another search or filter starts on the first page. `twoFactorFilter`: whether the filter is offered.
 */
export function useMemberPages(organizationId: string, twoFactorFilter: boolean) {
  const [search, setSearch] = useState('');
  const [ticked, setWithoutTwoFactor] = useState(false);
  // Only while the filter is offered (the policy on, the caller allowed): else it could not be unticked.
  const withoutTwoFactor = ticked && twoFactorFilter;
  const [paged, setPaged] = useState({ filter: '', starts: [''] });
  const settledSearch = useDebouncedValue(search.trim());
  const filter = `${settledSearch}\n${withoutTwoFactor}`;
  const starts = paged.filter === filter ? paged.starts : [''];
  const members = useOrganizationMembers(organizationId, {
    search: settledSearch,
    twoFactor: withoutTwoFactor ? 'off' : undefined,
    cursor: starts.at(-1) ?? '',
  });
  const { data } = members;
  const page = starts.length;
  const total = data?.total ?? 0;
  // A cursor belongs to the page it came from: none while the page before is still shown.
  const nextCursor = members.isPlaceholderData ? null : (data?.nextCursor ?? null);
  return {
    members,
    rows: data?.data,
    total,
    search,
    setSearch,
    withoutTwoFactor,
    setWithoutTwoFactor,
    page,
    pages: Math.max(page, Math.ceil(total / ORGANIZATION_MEMBER_PAGE_SIZE)),
    hasNext: nextCursor !== null,
    next: () => {
      if (nextCursor) setPaged({ filter, starts: [...starts, nextCursor] });
    },
    previous: () => setPaged({ filter, starts: starts.length > 1 ? starts.slice(0, -1) : starts }),
  };
}
