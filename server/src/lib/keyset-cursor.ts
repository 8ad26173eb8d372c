import { hasControlCharacter } from './control-characters';

/** The lists paged by keyset: each cursor names the list that gave it, so one list never reads another's. */
export type CursorList = 'audit' | 'users' | 'organization-members';

/** Longer than any cursor a list gives (a sort value is at most a name or an email). */
const MAX_CURSOR_LENGTH = 1000;

/**
 * A keyset cursor (decision 0067): where a page starts, as the values of the row next to it (its sort
 * value and id), opaque to the client. One shape for every list: base64url of a JSON array whose first
 * item is the list's name.
 */
export const encodeCursor = (list: CursorList, values: readonly string[]): string =>
  Buffer.from(JSON.stringify([list, ...values])).toString('base64url');

/**
 * The values of a cursor `list` gave with `count` values, or 'invalid' for anything else (garbage,
 * truncated, tampered with, of another list): never a query that fails. Hidden in base64, the values
 * never met the input guard, so they are checked here as any text from outside (PostgreSQL refuses a
 * NUL in text). What a value must be beyond text (a stored time) is the list's to check; every list
 * answers 'invalid' with 400 `CURSOR_NOT_VALID`.
 */
export function decodeCursor(list: CursorList, cursor: string, count: number): string[] | 'invalid' {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) return 'invalid';
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (!Array.isArray(parts) || parts.length !== count + 1 || parts[0] !== list) return 'invalid';
  const values = parts.slice(1) as unknown[];
  if (!values.every((value): value is string => typeof value === 'string' && !hasControlCharacter(value))) {
    return 'invalid';
  }
  return values;
}
