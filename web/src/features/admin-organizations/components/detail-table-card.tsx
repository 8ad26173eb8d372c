import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';

const rowId = (row: { id: string }) => row.id;

/**
 * One part of the organization's detail (members, invitations, teams): a card with a table of rows
 * the detail has loaded already, named by the card's title.
 */
export function DetailTableCard<Row extends { id: string }>({
  title,
  description,
  columns,
  rows,
  empty,
  rowTestId,
}: {
  title: string;
  description?: string;
  columns: Column<Row>[];
  rows: Row[];
  empty: string;
  rowTestId: string;
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
    </Card>
  );
}
