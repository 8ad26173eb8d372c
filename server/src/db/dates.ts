/**
 * A time read with our own queries, as ISO-8601 text: SQLite holds ISO text (or epoch milliseconds),
 * PostgreSQL timestamps, read as Dates. The one place the server turns a stored time into the text
 * its answers carry.
 */
export function toIsoDate(value: Date | string | number): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || /^\d+$/.test(value)) return new Date(Number(value)).toISOString();
  return new Date(value).toISOString();
}

/** A time as either engine writes it: SQLite's ISO text, PostgreSQL's text form (any session time zone). */
const TIME =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/;

/**
 * Whether text from outside (a cursor) is a time either engine reads: every field in range, as
 * PostgreSQL refuses a 30 February or a year 0 that `Date.parse` lets through.
 */
export function isStoredTime(key: string): boolean {
  const match = TIME.exec(key);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return year >= 1 && day <= days;
}
