import { sql } from 'kysely';
import type { Database } from '../../../db/database';

export type PlannerSettings = Record<string, 'on' | 'off'>;

/**
 * PostgreSQL planner settings for the rest of this request's transaction, in one round trip; nothing
 * on SQLite.
 */
export function planner({ db, engine }: Database) {
  return async (settings: PlannerSettings) => {
    if (engine !== 'postgres') return;
    // A plan the settings discourage is costed enormous, which would also set the JIT compiling.
    const calls = Object.entries({ jit: 'off', ...settings }).map(
      ([name, value]) => sql`set_config(${name}, ${value}, true)`,
    );
    await sql`select ${sql.join(calls)}`.execute(db);
  };
}

export type Plan = ReturnType<typeof planner>;
