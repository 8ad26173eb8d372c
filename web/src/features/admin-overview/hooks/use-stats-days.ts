import { useSearchParams } from 'react-router';
import { STATS_DAY_CHOICES, STATS_DAYS_DEFAULT } from '#common/admin-stats';

/** The overview's window lives in the URL (`?days=`), so reload and share keep it; anything else is the default. */
export function useStatsDays(): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (STATS_DAY_CHOICES as readonly number[]).includes(asked) ? asked : STATS_DAYS_DEFAULT;
  return [days, (next) => setParams(next === STATS_DAYS_DEFAULT ? {} : { days: String(next) })];
}
