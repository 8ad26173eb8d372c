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
