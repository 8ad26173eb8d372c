import type { Transaction } from 'kysely';

/**
 * An update that changes nothing (each row's name set to itself), for SQLite: it has no row locks and
 * Kysely's BEGIN is deferred, so a write as a transaction's first statement takes the database's
 * write lock now. The caller adds the rows' `where`.
 */
export const noOpUpdate = (trx: Transaction<any>, table: 'organization' | 'team') =>
  trx.updateTable(table).set((eb) => ({ name: eb.ref('name') }));
