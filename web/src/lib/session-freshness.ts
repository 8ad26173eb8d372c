import { RequestError } from './errors';

/**
 * Better Auth's refusals for want of a recent sign-in: SESSION_NOT_FRESH (its `freshAge`: listing
 * sessions, adding a passkey), SESSION_EXPIRED (deleting the account without a password).
 */
const NOT_FRESH_CODES = new Set(['SESSION_NOT_FRESH', 'SESSION_EXPIRED']);

export const needsFreshSession = (error: unknown): boolean =>
  error instanceof RequestError && NOT_FRESH_CODES.has(error.code);

/**
 * Runs `action`. Refused for want of a fresh session, it asks (`confirm`) and, once the person has
 * confirmed it is them, runs it once more; declined, it fails with the refusal.
 */
export async function retryWhenFresh<T>(action: () => Promise<T>, confirm: () => Promise<boolean>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!needsFreshSession(error) || !(await confirm())) throw error;
    return action();
  }
}
