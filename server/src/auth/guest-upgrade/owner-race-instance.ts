import readline from 'node:readline';
import { isAPIError } from 'better-auth/api';
import { sql } from 'kysely';
import { createDatabase } from '../../db/database';
import { setMemberRole } from '../../routes/admin/organization-changes';
import { deleteEverythingUnlessLastOwner } from '../plugins/account-deletion/guarded-cleanup';
import { moveGuestWork } from './move-guest-work';

/**
 * Another instance on a test's database (`owner-race.test.ts`): a process with a connection of its
 * own, as a second server would be. Says "ready", then does what each line of its input says and
 * answers with a line of JSON:
 *   move GUEST ACCOUNT          a guest's upgrade    → { moved: MovedWork }
 *   delete USER                 an account deletion  → { deleted: true }
 *   demote ORGANIZATION MEMBER  an admin makes an owner a plain member → { demoted: true }
 * or `{ failed }` with the refusal's code (LAST_OWNER) or the error.
 */
const database = createDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? '',
  postgresSchema: process.env.POSTGRES_SCHEMA || undefined,
});

async function act(line: string) {
  const [action, ...ids] = line.split(' ');
  const id = (index: number) => ids[index] ?? '';
  if (action === 'move') return { moved: await moveGuestWork(database, id(0), id(1)) };
  if (action === 'delete') {
    await deleteEverythingUnlessLastOwner(database, id(0));
    return { deleted: true };
  }
  if (action === 'demote') {
    const outcome = await setMemberRole(database, id(0), id(1), 'member');
    if (typeof outcome === 'string') return { failed: outcome };
    return outcome.lastOwner ? { failed: 'LAST_OWNER' } : { demoted: true };
  }
  throw new Error(`unknown action: ${action}`);
}

const failure = (error: unknown) => ({
  failed: isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : String(error),
});

// Connected before "ready": each action starts at once when asked.
await sql`select 1`.execute(database.db);
process.stdout.write('ready\n');
for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(await act(line).catch(failure))}\n`);
}
await database.close();
