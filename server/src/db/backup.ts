import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * A consistent copy of a live SQLite database, through SQLite's online backup: pages are copied
 * in steps while the server keeps reading and writing, and the copy is one point in time. The copy
 * is checked before it is reported good.
 */
export async function backupSqlite(source: string, target: string): Promise<{ pages: number }> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: choose a new file`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const live = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await live.backup(target);
    const copy = new SqliteDatabase(target, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return { pages: totalPages };
  } catch (error) {
    fs.rmSync(target, { force: true });
    throw error;
  } finally {
    live.close();
  }
}
