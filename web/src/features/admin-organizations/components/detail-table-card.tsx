import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';

const rowId = (row: { id: string }) => row.id;

/**
 * One part of the organization's detail (members, invitations, teams): a card with a table of rows
 * the detail has loaded already, named by the card's title. `children` go under the table (a dialog).
 */
export function DetailTableCard<Row extends { id: string }>({
  title,
  description,
  columns,
  rows,
  empty,
  rowTestId,
  children,
}: {
  title: string;
  description?: string;
  columns: Column<Row>[];
  rows: Row[];
  empty: string;
  rowTestId: string;
  children?: ReactNode;
}) {
  return (
    <Card title={title} description={description}>
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        rowKey={rowId}
        isPending={false}
        empty={empty}
        rowTestId={rowTestId}
      />
      {children}
    </Card>
  );
}
