import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../src/db/schema';
import type { TestContext } from './test-context';

/** How many rows a table holds now. */
export async function countRows(context: TestContext, table: keyof DB): Promise<number> {
  const row = await context.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The given columns of the rows of `table` that match `where` (a column holding a value, or one of a
 * list of values), ordered by those columns so that two reads of the same rows compare equal: what a
 * test compares before and after an action, or with the rows it expects.
 */
export async function selectRows<T extends keyof DB, C extends keyof Selectable<DB[T]> & string>(
  context: TestContext,
  table: T,
  columns: readonly C[],
  where: Partial<Record<keyof DB[T] & string, string | readonly string[]>>,
): Promise<Pick<Selectable<DB[T]>, C>[]> {
  // Kysely cannot follow a table named by a type parameter: the signature above keeps the types.
  const db = context.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let query = db.selectFrom(table as string).select(columns as readonly string[]);
  for (const [column, value] of Object.entries(where) as [string, string | readonly string[]][]) {
    if (typeof value === 'string') query = query.where(column, '=', value);
    else if (value.length === 0) return [];
    else query = query.where(column, 'in', value);
  }
  for (const column of columns) query = query.orderBy(column);
  return (await query.execute()) as Pick<Selectable<DB[T]>, C>[];
}
