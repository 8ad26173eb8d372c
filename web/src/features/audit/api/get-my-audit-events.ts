import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { answer, api, query } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const MY_AUDIT_PAGE_SIZE = 10;

/** A page of the signed-in person's own security activity, after `cursor` ('' for the newest). */
export const getMyAuditEvents = (cursor: string) =>
  answer(
    api.me.audit.$get({ query: query({ limit: MY_AUDIT_PAGE_SIZE, cursor }) }),
    'Failed to load your security activity',
  );

export const myAuditEventsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.myAudit,
  queryFn: ({ pageParam }) => getMyAuditEvents(pageParam),
  initialPageParam: '',
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

/** Page after page ("Show more"), newest first. */
export const useMyAuditEvents = () => useInfiniteQuery(myAuditEventsQueryOptions);
