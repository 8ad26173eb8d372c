import type { AdminUserListQuery } from '#common/admin';
import { isStoredTime } from '../../../db/dates';
import * as keyset from '../../../lib/keyset-cursor';

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
  return keyset.encodeCursor('users', [after ? 'a' : 'b', sortBy, sortDirection, key, id]);
}

/** The cursor of a request, or 'invalid'; a cursor of another order is ignored (the offset serves). */
export function decodeCursor(query: AdminUserListQuery): Cursor | undefined | 'invalid' {
  if (!query.cursor) return undefined;
  const values = keyset.decodeCursor('users', query.cursor, 5);
  if (values === 'invalid') return 'invalid';
  const [direction, sortBy, sortDirection, key, id] = values as [string, string, string, string, string];
  if ((direction !== 'a' && direction !== 'b') || !id) return 'invalid';
  if (sortBy !== query.sortBy || sortDirection !== query.sortDirection) return undefined;
  if (sortBy === 'createdAt' && !isStoredTime(key)) return 'invalid';
  return { after: direction === 'a', sortBy: query.sortBy, sortDirection: query.sortDirection, key, id };
}
