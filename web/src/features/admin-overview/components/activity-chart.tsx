import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsDay } from '#common/admin-stats';
import { useIsDark } from '@/lib/theme';
import { SERIES } from './activity-series';

const HEIGHT = 260;
const DAY_SECONDS = 86_400;
/** Ticks on whole days (the numbers are per day), labelled as dates in UTC. */
const DAY_STEPS = [1, 2, 7, 14, 28].map((days) => days * DAY_SECONDS);
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Whole steps only: these are counts of people and attempts. */
const STEPS = [1, 2, 5].flatMap((step) => [1, 10, 100, 1000, 10_000, 100_000, 1_000_000].map((ten) => step * ten));

/** A colour role of index.css as the theme now sets it, for the canvas, which classes cannot reach. */
const colourOf = (element: Element, role: string) => getComputedStyle(element).getPropertyValue(role).trim();

function optionsFor(element: HTMLElement): uPlot.Options {
  const grid = colourOf(element, '--border');
  const axis = {
    stroke: colourOf(element, '--secondary-foreground'),
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  return {
    width: element.clientWidth,
    height: HEIGHT,
    // Days are UTC days: labelled as such wherever the browser is.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { y: { range: (_chart, _min, max) => [0, Math.max(4, max)] } },
    axes: [
      {
        ...axis,
        incrs: DAY_STEPS,
        values: (_chart, splits) => splits.map((seconds) => dayLabel.format(new Date(seconds * 1000))),
      },
      { ...axis, incrs: STEPS },
    ],
    series: [
      {},
      ...SERIES.map((series) => ({
        label: series.label,
        stroke: colourOf(element, series.colour),
        width: 2,
        ...(series.dash ? { dash: series.dash } : {}),
      })),
    ],
  };
}

const dataOf = (days: StatsDay[]): uPlot.AlignedData => [
  days.map((entry) => Date.parse(`${entry.day}T00:00:00Z`) / 1000),
  ...SERIES.map((series) => days.map((entry) => entry[series.key])),
];

/**
 * Sign-ups, sign-ins and failed sign-ins per day, drawn by uPlot on a canvas in the theme's colours,
 * drawn again when the theme changes and resized with its box. An image to assistive technology,
 * named by `label`: the table beside it holds the same numbers.
 */
export function ActivityChart({ days, label }: { days: StatsDay[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useIsDark();
  // Drawn again when the theme changes (`dark`): each drawing reads the colours the theme sets.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(optionsFor(element), dataOf(days), element);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== chart.width) chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, dark]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className="w-full min-w-0 overflow-hidden"
      data-testid="activity-chart"
    />
  );
}
