import type { Kysely } from 'kysely';
import { SIGN_IN_ALERTS_DEFAULT } from '#common/sign-in-alerts';
import type { DB } from '../../../db/schema';

/** Whether the person wants sign-in alerts: their choice, else the default (on). */
export async function alertsEnabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('signInAlertSetting')
    .select('enabled')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.enabled) === 1 : SIGN_IN_ALERTS_DEFAULT;
}

export async function setAlertsEnabled(db: Kysely<DB>, userId: string, enabled: boolean): Promise<void> {
  const values = { enabled: enabled ? 1 : 0, updatedAt: new Date().toISOString() };
  await db
    .insertInto('signInAlertSetting')
    .values({ userId, ...values })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
    .execute();
}
