import { SERIES } from './activity-series';

/** The chart's legend: a sample of each line beside its name (uPlot's own is turned off). */
export function SeriesLegend() {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-secondary-foreground" aria-label="Legend">
      {SERIES.map((series) => (
        <li key={series.key} className="flex items-center gap-2">
          <svg width="24" height="8" aria-hidden>
            <line
              x1="0"
              y1="4"
              x2="24"
              y2="4"
              style={{ stroke: `var(${series.colour})` }}
              strokeWidth="2"
              strokeDasharray={series.dash?.join(' ')}
            />
          </svg>
          {series.label}
        </li>
      ))}
    </ul>
  );
}
