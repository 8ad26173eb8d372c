import type { AdminUserExportQuery, AdminUserRow } from '#common/admin';
import type { Database } from '../../../db/database';
import { listPage, type ViewCount } from '../user-list';
import { decodeCursor, type Cursor } from './cursor';

const FIRST_BATCH = 100;

/**
 * Every user of the view (its search, filters and order), in batches of `size` read one at a time by
 * keyset: each batch is the list's own page after the previous batch's last row, so a batch costs
 * what a page does however deep, and only one is held at a time. The view is counted once, for the
 * first batch; the later ones are read from the matches found then (a search or a filter), or from
 * the table as it is (no search nor filter: a user added meanwhile is in a later batch).
 */
export async function* userBatches(
  database: Database,
  view: AdminUserExportQuery,
  size: number,
): AsyncGenerator<AdminUserRow[]> {
  // A short first batch: the download starts sooner, before the long ones follow.
  let limit = Math.min(size, FIRST_BATCH);
  let cursor: Cursor | undefined;
  let counted: ViewCount | undefined;
  for (;;) {
    const query = { ...view, limit, offset: 0, cursor: '' };
    const { page, count } = await listPage(database, query, cursor, counted);
    counted = count;
    if (page.users.length > 0) yield page.users;
    if (page.users.length < limit || !page.nextCursor) return;
    limit = size;
    const next = decodeCursor({ ...query, cursor: page.nextCursor });
    // The cursors come from the pages before: never invalid.
    if (!next || next === 'invalid') throw new Error('user export: a batch cursor was refused');
    cursor = next;
  }
}
