import type { Where } from 'better-auth';
import { Kysely, type Transaction } from 'kysely';
import { noOpUpdate } from '../../../db/no-op-update';
import { teamRowQueries, type TeamRowQueries, type TeamStore } from './adapter';

/**
 * The Kysely instance Better Auth was given (`database: { db, type }`), the one its adapter queries.
 * Better Auth's adapter runs no real transactions with that configuration, so the lock goes through Kysely.
 */
function databaseOf(options: { database?: unknown }): { db: Kysely<any>; type: 'sqlite' | 'postgres' } {
  const database = options.database as { db?: unknown; type?: unknown } | undefined;
  if (!(database?.db instanceof Kysely) || (database.type !== 'sqlite' && database.type !== 'postgres')) {
    throw new Error('team-permissions needs Better Auth configured with database: { db: Kysely, type }');
  }
  return { db: database.db, type: database.type };
}

function matching<Query extends { where: (...args: any[]) => Query }>(query: Query, where: Where[]): Query {
  for (const condition of where) {
    if (condition.operator && condition.operator !== 'eq')
      throw new Error(`Unsupported operator ${condition.operator}`);
    query = query.where(condition.field, '=', condition.value);
  }
  return query;
}

/** Model and field names are the table and column names: neither Better Auth nor this plugin renames them. */
function storeOf(trx: Transaction<any>): TeamStore {
  return {
    findOne: async <T>({ model, where }: { model: string; where: Where[] }) =>
      ((await matching(trx.selectFrom(model).selectAll(), where).limit(1).executeTakeFirst()) ?? null) as T | null,
    count: async ({ model, where = [] }) => {
      const row = await matching(
        trx.selectFrom(model).select((eb) => eb.fn.countAll().as('count')),
        where,
      )
        .$castTo<{ count: number | string | bigint }>()
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    update: async <T>({ model, where, update }: { model: string; where: Where[]; update: Record<string, unknown> }) =>
      ((await matching(trx.updateTable(model).set(update), where).returningAll().executeTakeFirst()) ??
        null) as T | null,
    delete: async ({ model, where }) => {
      await matching(trx.deleteFrom(model), where).execute();
    },
  };
}

/**
 * Runs `work` in one transaction that holds the team's lock from its first statement, so requests that
 * check and change the same team's owners run one after another: each reads what the previous one wrote.
 * Inside, use only the given queries: on SQLite the transaction holds the single connection, and a query
 * through Better Auth's adapter would wait for it forever.
 */
export async function withTeamLock<T>(
  context: { options: { database?: unknown } },
  teamId: string,
  work: (teams: TeamRowQueries) => Promise<T>,
): Promise<T> {
  const database = databaseOf(context.options);
  return database.db.transaction().execute(async (trx) => {
    if (database.type === 'postgres') {
      await trx.selectFrom('team').select('id').where('id', '=', teamId).forUpdate().execute();
    } else {
      // The database's write lock now: no other connection changes the owners between our reads and our write.
      await noOpUpdate(trx, 'team').where('id', '=', teamId).execute();
    }
    return work(teamRowQueries(storeOf(trx)));
  });
}
