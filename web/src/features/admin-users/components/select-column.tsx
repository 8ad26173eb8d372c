import type { AdminUserRow } from '#common/admin';
import type { Column } from '@/components/ui/data-table';
import type { UserSelection } from '../hooks/use-user-selection';

const CHECKBOX = 'size-4 accent-primary';

/**
 * The table's first column: a checkbox per row and one for the whole page, for the bulk actions.
 * The admin's own row has none: bulk actions never apply to one's own account.
 */
export function selectColumn(
  rows: readonly AdminUserRow[],
  selection: UserSelection,
  currentUserId: string | undefined,
): Column<AdminUserRow> {
  const selectable = rows.filter((user) => user.id !== currentUserId);
  const selected = selectable.filter((user) => selection.has(user.id)).length;
  const all = selectable.length > 0 && selected === selectable.length;
  return {
    header: 'Select',
    headerContent: (
      <input
        type="checkbox"
        className={CHECKBOX}
        aria-label="Select all users on this page"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = selected > 0 && !all;
        }}
        disabled={selectable.length === 0}
        onChange={(event) => selection.setAll(selectable, event.target.checked)}
      />
    ),
    cell: (user) =>
      user.id === currentUserId ? null : (
        <input
          type="checkbox"
          className={CHECKBOX}
          aria-label={`Select ${user.email}`}
          checked={selection.has(user.id)}
          onChange={() => selection.toggle(user)}
        />
      ),
    className: 'w-10',
  };
}
