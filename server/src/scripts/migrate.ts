import { createContext } from '../context';
import { ConfigError, loadConfig } from '../env';

/** `npm run migrate`: creating the context migrates the database; then it closes again. */
try {
  const context = await createContext(loadConfig());
  process.stdout.write(`Database is up to date (${context.database.description}).\n`);
  await context.close();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `Migration failed: ${String(error)}`}\n`);
  process.exit(1);
}
