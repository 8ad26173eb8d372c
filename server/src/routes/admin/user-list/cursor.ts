import type { AdminUserListQuery } from '#common/admin';
import { isStoredTime } from '../../../db/dates';
import { hasControlCharacter } from '../../../lib/control-characters';

/** Where a page starts or ends in the view's order: the sort value and id of a row next to it. */
export interface Cursor {
  after: boolean;
  sortBy: AdminUserListQuery['sortBy'];
  sortDirection: AdminUserListQuery['sortDirection'];
  key: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  const { after, sortBy, sortDirection, key, id } = cursor;
  return Buffer.from(JSON.stringify([after ? 'a' : 'b', sortBy, sortDirection, key, id])).toString('base64url');
}

/** The cursor of a request, or 'invalid'; a cursor of another order is ignored (the offset serves). */
export function decodeCursor(query: AdminUserListQuery): Cursor | undefined | 'invalid' {
  if (!query.cursor) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  if (!Array.isArray(parts) || parts.length !== 5) return 'invalid';
  const [direction, sortBy, sortDirection, key, id] = parts as unknown[];
  if ((direction !== 'a' && direction !== 'b') || typeof id !== 'string' || typeof key !== 'string') return 'invalid';
  // Hidden in base64, these never met the input guard; PostgreSQL refuses a NUL in text.
  if (hasControlCharacter(key) || hasControlCharacter(id)) return 'invalid';
  if (sortBy !== query.sortBy || sortDirection !== query.sortDirection) return undefined;
  if (sortBy === 'createdAt' && !isStoredTime(key)) return 'invalid';
  return { after: direction === 'a', sortBy: query.sortBy, sortDirection: query.sortDirection, key, id };
}
