import type { AdminUserListQuery } from '#common/admin';

/** A column header that sorts by its field; a second click reverses the order. */
export function SortableHeader({
  label,
  field,
  view,
  onSort,
}: {
  label: string;
  field: AdminUserListQuery['sortBy'];
  view: AdminUserListQuery;
  onSort: (change: Partial<AdminUserListQuery>) => void;
}) {
  const active = view.sortBy === field;
  const next =
    active && view.sortDirection === 'desc' ? 'asc' : active ? 'desc' : field === 'createdAt' ? 'desc' : 'asc';
  return (
    <th className="px-4 py-3" aria-sort={active ? (view.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="uppercase hover:text-slate-800"
        onClick={() => onSort({ sortBy: field, sortDirection: next, offset: 0 })}
      >
        {label}
        {active ? (view.sortDirection === 'asc' ? ' ↑' : ' ↓') : ''}
      </button>
    </th>
  );
}
