import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ErrorBox } from './error-box';
import { Spinner } from './spinner';

export interface Column<Row> {
  /** The column's name (and key); shown in its header unless `headerContent` is given. */
  header: string;
  /** A control in place of the header's text (a select-all checkbox, named by its own label). */
  headerContent?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (alignment, wrapping, type). */
  className?: string;
  /** A sortable column: its current order (null when another column sorts) and what a click does. */
  sort?: { direction: 'asc' | 'desc' | null; onSort: () => void };
}

const CELL = 'px-4 py-3';

function HeaderCell<Row>({ column }: { column: Column<Row> }) {
  const { sort } = column;
  if (!sort) return <th className={CELL}>{column.headerContent ?? column.header}</th>;
  const ariaSort = sort.direction === 'asc' ? 'ascending' : sort.direction === 'desc' ? 'descending' : 'none';
  return (
    <th className={CELL} aria-sort={ariaSort}>
      <button type="button" className="uppercase hover:text-foreground" onClick={sort.onSort}>
        {column.header}
        {sort.direction === 'asc' ? ' ↑' : sort.direction === 'desc' ? ' ↓' : ''}
      </button>
    </th>
  );
}

/**
 * The console's one table: columns with a render function each, the error above, a spinner row while
 * the first page loads, the empty text in the table's own words, and whatever goes under it
 * (pagination). Rows already shown stay while the next page loads.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  isPending,
  error,
  empty,
  rowTestId,
  footer,
}: {
  /** The table's accessible name. */
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  isPending: boolean;
  error?: string | null | undefined;
  empty: string;
  rowTestId?: string;
  footer?: ReactNode;
}) {
  const wide = (content: ReactNode, className?: string) => (
    <tr>
      <td colSpan={columns.length} className={cn(CELL, 'py-6 text-center', className)}>
        {content}
      </td>
    </tr>
  );
  return (
    <div className="space-y-4">
      <ErrorBox message={error} />
      <div className="overflow-x-auto rounded-xl border border-border bg-surface">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="border-b border-border bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.header} column={column} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-separator">
            {isPending && !rows
              ? wide(<Spinner />)
              : rows && rows.length > 0
                ? rows.map((row) => (
                    <tr key={rowKey(row)} data-testid={rowTestId}>
                      {columns.map((column) => (
                        <td key={column.header} className={cn(CELL, column.className)}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))
                : wide(empty, 'text-muted-foreground')}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}
