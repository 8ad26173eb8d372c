import type { StatsDay } from '#common/admin-stats';

export type SeriesKey = Exclude<keyof StatsDay, 'day'>;

/** The chart's lines: their numbers, their words, their colours in each theme (Tailwind's 600 and 400 shades). */
export const SERIES: { key: SeriesKey; label: string; light: string; dark: string; dash?: number[] }[] = [
  { key: 'signUps', label: 'Sign-ups', light: '#4f46e5', dark: '#818cf8' },
  { key: 'signIns', label: 'Sign-ins', light: '#059669', dark: '#34d399' },
  // Dashed as well as red: told apart without colour.
  { key: 'failedSignIns', label: 'Failed sign-ins', light: '#dc2626', dark: '#f87171', dash: [6, 4] },
];
