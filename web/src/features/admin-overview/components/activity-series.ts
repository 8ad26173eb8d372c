import type { StatsDay } from '#common/admin-stats';

export type SeriesKey = Exclude<keyof StatsDay, 'day'>;

/**
 * The chart's lines: their numbers, their words, and their colour, a role that each theme sets in
 * index.css (`--chart-1`…).
 */
export const SERIES: { key: SeriesKey; label: string; colour: `--chart-${number}`; dash?: number[] }[] = [
  { key: 'signUps', label: 'Sign-ups', colour: '--chart-1' },
  { key: 'signIns', label: 'Sign-ins', colour: '--chart-2' },
  // Dashed as well as red: told apart without colour.
  { key: 'failedSignIns', label: 'Failed sign-ins', colour: '--chart-3', dash: [6, 4] },
];
