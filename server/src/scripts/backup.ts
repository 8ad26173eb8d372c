import path from 'node:path';
import { backupSqlite } from '../db/backup';
import { sqliteFileIn } from '../db/database';
import { ConfigError, loadConfig } from '../env';

/** `npm run backup -- FILE`: a consistent copy of the SQLite database, safe while the server runs. */
const usage = 'Usage: npm run backup -- <file>';
const target = process.argv[2];

try {
  const config = loadConfig();
  if (!target) throw new Error(usage);
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README), not with this command.');
  }
  const { pages } = await backupSqlite(sqliteFileIn(config.dataDir), target);
  process.stdout.write(`Backed up ${pages} pages to ${path.resolve(target)} (integrity check: ok).\n`);
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).message}\n`);
  process.exit(1);
}
