import { APIError } from 'better-auth/api';
import type { HookContext } from '../auth-hook';
import { TWO_FACTOR_GUARD_ERROR_CODES } from './error-codes';

/** Wrong codes in a row, across pending sign-ins and factors, before the account's second step locks. */
export const CODE_ATTEMPTS_BEFORE_LOCK = 10;
/** How long the second step stays locked after them. */
export const CODE_LOCK_MINUTES = 15;

const MODEL = 'twoFactor';

interface LockRow {
  id: string;
  failedVerificationCount?: number | null;
  lockedUntil?: Date | string | null;
}

/** The row of an account's authenticator, as Better Auth's adapter reads it on either engine. */
async function lockRowOf(ctx: HookContext, userId: string) {
  return ctx.context.adapter.findOne<LockRow>({ model: MODEL, where: [{ field: 'userId', value: userId }] });
}

function locked(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: TWO_FACTOR_GUARD_ERROR_CODES.ACCOUNT_TEMPORARILY_LOCKED.code,
      message: `Too many wrong codes for this account. Try again in ${minutes} min.`,
    },
    { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))) },
  );
}

/** Locks the second step for the lock's length, unless a lock is already on. */
async function lock(ctx: HookContext, row: LockRow): Promise<Date> {
  const until = new Date(Date.now() + CODE_LOCK_MINUTES * 60_000);
  await ctx.context.adapter.incrementOne({
    model: MODEL,
    where: [
      { field: 'id', value: row.id },
      { field: 'failedVerificationCount', operator: 'gte', value: CODE_ATTEMPTS_BEFORE_LOCK },
    ],
    increment: {},
    set: { lockedUntil: until },
  });
  return until;
}

/** A counted attempt: what becomes of it once the endpoint has answered. */
export interface CountedAttempt {
  /** The code was right: the count starts again. */
  succeeded(): Promise<void>;
  /** The code was wrong: the attempt stays counted, and the last one allowed locks the account. */
  failed(): Promise<void>;
  /** The code was never checked (an expired sign-in, a malformed body): the attempt is given back. */
  notChecked(): Promise<void>;
}

/**
 * Counts one code attempt of a pending sign-in against the account's budget BEFORE the code is
 * checked, in one conditional UPDATE (`... + 1 WHERE failedVerificationCount < 10`): attempts sent
 * in parallel each take a place or are refused, so no more than ten codes are ever checked between
 * two right ones. Better Auth's own lock counts after the check, which parallel attempts overtake
 * (decision 0058). Undefined when the account has no authenticator (the endpoint answers that).
 */
export async function countCodeAttempt(ctx: HookContext, userId: string): Promise<CountedAttempt | undefined> {
  const row = await lockRowOf(ctx, userId);
  if (!row) return undefined;
  const { adapter } = ctx.context;
  if (row.failedVerificationCount == null) {
    // A row from before the plugin kept a count: it starts at none (a null would never be below 10).
    await adapter.incrementOne({
      model: MODEL,
      where: [
        { field: 'id', value: row.id },
        { field: 'failedVerificationCount', value: null },
      ],
      increment: {},
      set: { failedVerificationCount: 0 },
    });
  }
  if (row.lockedUntil) {
    const until = new Date(row.lockedUntil);
    if (until.getTime() > Date.now()) throw locked(until);
    // The lock is over: the count starts again (once, whichever request comes first).
    await adapter.incrementOne({
      model: MODEL,
      where: [
        { field: 'id', value: row.id },
        { field: 'lockedUntil', operator: 'lte', value: new Date() },
      ],
      increment: {},
      set: { failedVerificationCount: 0, lockedUntil: null },
    });
  }
  const counted = await adapter.incrementOne<LockRow>({
    model: MODEL,
    where: [
      { field: 'id', value: row.id },
      { field: 'failedVerificationCount', operator: 'lt', value: CODE_ATTEMPTS_BEFORE_LOCK },
    ],
    increment: { failedVerificationCount: 1 },
  });
  if (!counted) {
    // Every place is taken, by wrong codes or by attempts still being checked.
    const current = await lockRowOf(ctx, userId);
    throw locked(current?.lockedUntil ? new Date(current.lockedUntil) : await lock(ctx, row));
  }
  const last = Number(counted.failedVerificationCount) >= CODE_ATTEMPTS_BEFORE_LOCK;
  return {
    succeeded: async () => {
      await adapter.update({
        model: MODEL,
        where: [{ field: 'id', value: row.id }],
        update: { failedVerificationCount: 0, lockedUntil: null },
      });
    },
    failed: async () => {
      if (last) await lock(ctx, row);
    },
    notChecked: async () => {
      await adapter.incrementOne({
        model: MODEL,
        where: [
          { field: 'id', value: row.id },
          { field: 'failedVerificationCount', operator: 'gt', value: 0 },
        ],
        increment: { failedVerificationCount: -1 },
      });
    },
  };
}
