import type { ReactNode } from 'react';
import { QueryView, type QueryState } from './query-view';

interface ItemListProps<T> {
  /** The list's accessible name. */
  label: string;
  /** Renders one item as its `<li>`, keyed. */
  children: (item: T) => ReactNode;
}

/** The bordered list cards show their items in. */
export function ItemList<T>({ label, items, children }: ItemListProps<T> & { items: T[] }) {
  return (
    <ul className="divide-y divide-separator rounded-lg border border-border" aria-label={label}>
      {items.map((item) => children(item))}
    </ul>
  );
}

/** A query's items in an `ItemList`, through the `QueryView` ladder (error, loading, empty). */
export function QueryList<T>({
  query,
  empty,
  ...list
}: ItemListProps<T> & { query: QueryState<T[]>; empty: ReactNode }) {
  return (
    <QueryView query={query} empty={empty}>
      {(items) => <ItemList items={items} {...list} />}
    </QueryView>
  );
}
