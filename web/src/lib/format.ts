import { NAME_MAX_LENGTH, withoutControlCharacters } from '#common/validation';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateOnly.format(date);
}

/** Cuts a value to `length` characters, marking the cut. */
export function truncate(value: string | null | undefined, length: number): string {
  if (!value) return '';
  return value.length > length ? `${value.slice(0, length)}…` : value;
}

/**
 * A name as lists, headings and dialogs show it: one stored before the name rule (decision 0060) may
 * be far longer than any name now, or hold line breaks, and is shown on one line, cut to that length.
 */
export const shortName = (name: string) => truncate(withoutControlCharacters(name), NAME_MAX_LENGTH);
