import type { ReactNode } from 'react';
import { ErrorBox } from './error-box';
import { Spinner } from './spinner';

/** What a screen needs of a query to show it: TanStack Query's result fits. */
export interface QueryState<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

/**
 * The one ladder every list walks: its error, a spinner while it loads, the empty text when there is
 * nothing, else the data. Data already shown stays when a refresh fails, under the error.
 */
export function QueryView<T>({
  query,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: QueryState<T>;
  /** Shown when there is nothing: a sentence, in the list's own words. */
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      <ErrorBox message={query.error?.message} />
      {query.isPending ? (
        <Spinner />
      ) : data === undefined ? null : isEmpty(data) ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        children(data)
      )}
    </>
  );
}
