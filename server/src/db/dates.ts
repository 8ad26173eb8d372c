/**
 * A date read with our own queries from a Better Auth table: ISO text or epoch milliseconds on
 * SQLite, a Date on PostgreSQL.
 */
export function toIsoDate(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value)).toISOString();
  return new Date(String(value)).toISOString();
}
