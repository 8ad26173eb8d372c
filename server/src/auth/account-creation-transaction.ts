import type { DBAdapter, DBTransactionAdapter } from '@better-auth/core/db/adapter';
import type { BetterAuthOptions } from 'better-auth';

type Transaction = DBAdapter['transaction'];

interface Opened {
  adapter: DBTransactionAdapter;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** A real transaction, held open until `commit` or `rollback` is called. */
function open(real: Transaction): Promise<Opened> {
  return new Promise((resolveOpened, rejectOpened) => {
    const finished = real(
      (adapter) =>
        new Promise<void>((commit, rollback) => {
          resolveOpened({
            adapter,
            commit: async () => {
              commit();
              await finished;
            },
            rollback: async () => {
              rollback(new Error('rolled back'));
              await finished.catch(() => {});
            },
          });
        }),
    );
    // BEGIN itself failed: no work was handed over (once it was, this changes nothing).
    finished.catch(rejectOpened);
  });
}

/**
 * Better Auth runs the steps that create an account (the user, then its password; then the session
 * at sign-up) in its `runWithTransaction`, which with our adapter as configured so far was no
 * transaction: a crash between the two inserts left a user nobody could sign in to. Its work is now
 * one transaction from the moment it inserts a user, all or nothing, on SQLite and PostgreSQL alike.
 * Begun only then, not at the start: the password is hashed before (SQLite's one connection is not
 * held for it), and Better Auth's other `runWithTransaction` work, which inserts no user, runs as
 * it always did (decision 0065).
 */
export function transactionFromUserCreation<Options extends BetterAuthOptions>(adapter: DBAdapter<Options>): void {
  const real = adapter.transaction.bind(adapter) as unknown as Transaction;
  adapter.transaction = async <R>(work: (trx: DBTransactionAdapter<Options>) => Promise<R>): Promise<R> => {
    let opened: Promise<Opened> | undefined;
    const through = new Proxy(adapter, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || property === 'transaction') return value;
        return async (...args: unknown[]) => {
          const query = args[0] as { model?: unknown } | undefined;
          if (!opened && property === 'create' && query?.model === 'user') opened = open(real);
          const current = opened ? (await opened).adapter : target;
          return (Reflect.get(current, property) as (...values: unknown[]) => unknown).apply(current, args);
        };
      },
    });
    let result: R;
    try {
      result = await work(through as DBTransactionAdapter<Options>);
    } catch (error) {
      if (opened) await (await opened.catch(() => undefined))?.rollback();
      throw error;
    }
    if (opened) await (await opened).commit();
    return result;
  };
}
