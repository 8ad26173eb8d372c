import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteGlobFor } from './sqlite-glob';

describe('SQLite trigram search', () => {
  it('knows every character the trigram index folds onto an ASCII letter', () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec(`create virtual table t using fts5(x, tokenize = 'trigram');
      with recursive c(n) as (select 128 union all select n + 1 from c where n < 131071)
      insert into t (rowid, x) select n, char(n) || 'zz' from c where n not between 55296 and 57343`);
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const folded = sqlite.prepare(`select x from t where t match ?`).all(`"${letter}zz"`) as Array<{ x: string }>;
      const glob = sqliteGlobFor(letter)!;
      for (const { x } of folded) expect(glob.includes(x[0]!), `${x[0]} folds onto ${letter}`).toBe(true);
    }
    sqlite.close();
  });
});
