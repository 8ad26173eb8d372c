import type { StatsDay } from '#common/admin-stats';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SERIES } from './activity-series';

const number = new Intl.NumberFormat();
/** The day as a date, read in UTC (the days are UTC days). */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

const COLUMNS: Column<StatsDay>[] = [
  {
    header: 'Day',
    cell: (row) => <time dateTime={row.day}>{dayFormat.format(new Date(`${row.day}T00:00:00Z`))}</time>,
    className: 'whitespace-nowrap',
  },
  ...SERIES.map((series): Column<StatsDay> => ({
    header: series.label,
    cell: (row) => number.format(row[series.key]),
    className: 'tabular-nums',
  })),
];

/** The chart's numbers as a table, newest day first: readable by everyone, screen readers included. */
export function ActivityTable({ days }: { days: StatsDay[] }) {
  return (
    <DataTable
      label="Sign-ups, sign-ins and failed sign-ins per day"
      columns={COLUMNS}
      rows={[...days].reverse()}
      rowKey={(row) => row.day}
      isPending={false}
      empty="No days to show."
      rowTestId="stats-day"
    />
  );
}
