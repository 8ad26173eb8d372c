import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * A query whose view changes (a page, a search, a window of days): what is on screen stays while the
 * next view loads, instead of a spinner in its place.
 */
export const keptQueryOptions = <Data, Key extends QueryKey>(queryKey: Key, queryFn: () => Promise<Data>) =>
  queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });
