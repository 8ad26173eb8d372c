import type { DB } from '../db/schema';
import type { TestContext } from './test-context';

/** How many rows a table holds now. */
export async function countRows(context: TestContext, table: keyof DB): Promise<number> {
  const row = await context.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
