import { statsWindow, type AdminStats } from '#common/admin-stats';
import { isPlatformAdmin } from '#common/roles';
import type { TestContext } from '../../testing/test-context';

const dayOf = (value: Date | string) => new Date(value).toISOString().slice(0, 10);
const isOn = (flag: boolean | number | null | undefined) => flag === true || flag === 1;

/**
 * The overview as the plain reading of every row would answer it (the audit trail, the accounts):
 * what the kept counts must always agree with. Tests only: it reads whole tables.
 */
export async function countedFromRows(context: TestContext, days: number): Promise<AdminStats> {
  const { db } = context.database;
  const window = statsWindow(days);
  const users = await db.selectFrom('user').select(['createdAt', 'role', 'isAnonymous', 'twoFactorEnabled']).execute();
  const events = await db
    .selectFrom('auditEvent')
    .select(['createdAt', 'action', 'outcome', 'actorId', 'targetUserId'])
    .where('action', 'in', ['user.sign_in', 'user.sign_up'])
    .execute();
  const inWindow = events.filter((event) => window.includes(dayOf(event.createdAt)));
  const signIns = (day: string, outcome: string) =>
    inWindow.filter(
      (event) => event.action === 'user.sign_in' && event.outcome === outcome && dayOf(event.createdAt) === day,
    ).length;
  const active = new Set(
    inWindow
      .filter((event) => event.outcome === 'success')
      .map((event) => event.targetUserId ?? event.actorId)
      .filter((id) => id !== null),
  );
  return {
    days: window.map((day) => ({
      day,
      signUps: users.filter((user) => dayOf(user.createdAt) === day).length,
      signIns: signIns(day, 'success'),
      failedSignIns: signIns(day, 'failure'),
    })),
    totals: {
      users: users.length,
      guests: users.filter((user) => isOn(user.isAnonymous)).length,
      admins: users.filter((user) => isPlatformAdmin(user.role)).length,
      activeUsers: active.size,
      twoFactorUsers: users.filter((user) => isOn(user.twoFactorEnabled)).length,
    },
  };
}
