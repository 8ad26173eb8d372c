import { STATS_DAY_CHOICES } from '#common/admin-stats';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { Select } from '@/components/ui/select';
import { useAdminStats } from '../api/get-admin-stats';
import { useStatsDays } from '../hooks/use-stats-days';
import { ActivityChart } from './activity-chart';
import { ActivityTable } from './activity-table';
import { SeriesLegend } from './series-legend';
import { StatTiles } from './stat-tiles';

/** The admin overview: totals as tiles, and sign-ups, sign-ins and failed sign-ins per day over a window. */
export function OverviewScreen() {
  const [days, setDays] = useStatsDays();
  const stats = useAdminStats(days);
  // Of the numbers shown: the previous window's stay on screen while another loads.
  const period = (data: { days: unknown[] }) => `the last ${data.days.length} days`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Overview</h2>
        <label className="flex items-center gap-2 text-sm">
          Period
          <Select value={days} onChange={(event) => setDays(Number(event.target.value))} className="w-40">
            {STATS_DAY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                Last {choice} days
              </option>
            ))}
          </Select>
        </label>
      </div>
      <QueryView query={stats} empty="" isEmpty={() => false}>
        {(data) => (
          <>
            <StatTiles totals={data.totals} days={data.days.length} />
            <Card
              title="Sign-ins and sign-ups"
              description={`Per UTC day, ${period(data)}.`}
              actions={<SeriesLegend />}
            >
              <ActivityChart
                days={data.days}
                label={`Chart of sign-ups, sign-ins and failed sign-ins per day, ${period(data)}. The table below holds the same numbers.`}
              />
            </Card>
            <ActivityTable days={data.days} />
          </>
        )}
      </QueryView>
    </div>
  );
}
