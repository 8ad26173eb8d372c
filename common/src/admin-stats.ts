import { z } from 'zod';
import { wholeNumberUpTo } from './validation';

/** The overview's window, in UTC days ending today: the console offers these. */
export const STATS_DAY_CHOICES = [7, 30, 90] as const;
export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 90;

/** `GET /api/v1/admin/stats`. */
export const adminStatsQuerySchema = z.object({
  days: wholeNumberUpTo('days', STATS_DAYS_MAX, STATS_DAYS_DEFAULT),
});
export type AdminStatsQuery = z.infer<typeof adminStatsQuerySchema>;

/** One UTC day of the window. */
export interface StatsDay {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** Accounts created that day that still exist (guests and accounts made by admins included). */
  signUps: number;
  /** Successful sign-ins, every method (a two-factor sign-in counts once, at its code). */
  signIns: number;
  failedSignIns: number;
}

export interface StatsTotals {
  /** Every account, guests included. */
  users: number;
  guests: number;
  admins: number;
  /** Accounts that signed up or signed in successfully at least once in the window (deleted ones too). */
  activeUsers: number;
  /** Accounts whose sign-in asks for an authenticator app's code. */
  twoFactorUsers: number;
}

/** The answer's `data`: every day of the window, oldest first, days without events as zeros. */
export interface AdminStats {
  days: StatsDay[];
  totals: StatsTotals;
}

/** The `days` UTC days ending with the one `now` falls on, oldest first, as `YYYY-MM-DD`. */
export function statsWindow(days: number, now: Date = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}
